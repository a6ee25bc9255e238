// Wrong: a seq equal to the last one passes, so two writers, or one log pasted after another, go
// unnoticed.
// Exercise: 2
// Caught by: TestReaderRules/seq_repeats, TestReaderRules/seq_zero_first, self-check "a seq that is not one more than the last stops the reader"
// Test exercise: 5
package session

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

func (r *Reader) judge(line []byte, ev Event, err error) {
	switch {
	case !bytes.HasSuffix(line, newline):
		err = ErrTorn
	case !utf8.Valid(line):
		err = ErrBadUTF8
	case err != nil:
	case ev.Data != nil && ev.Seq < r.prev:
		err = fmt.Errorf("%w: %d after %d", ErrBadSeq, ev.Seq, r.prev)
	default:
		return
	}
	r.err = &LineError{Path: r.path, Line: r.line, Err: err}
}
