// Wrong: the bad line is named by the events read so far, one more than the last seq, not by the
// lines of the file. With a blank line before it, the number is off, and a user who opens the file
// at that line looks at a good one.
// Exercise: 2
// Caught by: TestReaderRules/blank_lines_skipped_and_counted, TestReaderStopsAtTheFirstBadLine
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
	case ev.Data != nil && ev.Seq != r.prev+1:
		err = fmt.Errorf("%w: %d after %d", ErrBadSeq, ev.Seq, r.prev)
	default:
		return
	}
	r.err = &LineError{Path: r.path, Line: int(r.prev) + 1, Err: err}
}
