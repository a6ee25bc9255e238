// Wrong: a seq need only be greater than the last, not one more. A line deleted from the middle of
// the log (seq 5, then 7) goes unnoticed, and the model is handed a conversation with a hole in it:
// a tool call whose answer is gone is one no server takes.
// Exercise: 2
// Caught by: TestReaderRules/seq_skips_one, TestReaderRules/seq_at_the_largest_int64, self-check "a seq that is not one more than the last stops the reader"
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
	case ev.Data != nil && ev.Seq <= r.prev:
		err = fmt.Errorf("%w: %d after %d", ErrBadSeq, ev.Seq, r.prev)
	default:
		return
	}
	r.err = &LineError{Path: r.path, Line: r.line, Err: err}
}
