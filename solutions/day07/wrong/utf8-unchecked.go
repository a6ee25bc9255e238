// Wrong: invalid UTF-8 is not checked; encoding/json turns the bad bytes into U+FFFD without a
// word, and the log's text changes as it is read.
// Exercise: 2
// Caught by: TestReaderRules/invalid_utf-8, TestResumeRefusesADamagedLog/invalid_UTF-8
// Test exercise: 5
package session

import (
	"bytes"
	"fmt"
)

func (r *Reader) judge(line []byte, ev Event, err error) {
	switch {
	case !bytes.HasSuffix(line, newline):
		err = ErrTorn
	case err != nil:
	case ev.Data != nil && ev.Seq != r.prev+1:
		err = fmt.Errorf("%w: %d after %d", ErrBadSeq, ev.Seq, r.prev)
	default:
		return
	}
	r.err = &LineError{Path: r.path, Line: r.line, Err: err}
}
