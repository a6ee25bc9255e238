// Wrong: the seq check also runs on a blank line, whose zero seq is never one more than the last,
// so a log with an empty line in it stops there: the events before the bad line that come after
// the blank one are lost, and the line named is the blank one.
// Exercise: 2
// Caught by: TestReaderRules/blank_lines_skipped_and_counted, TestForkKeepsBlankLines, TestReaderStopsAtTheFirstBadLine
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
	case ev.Seq != r.prev+1:
		err = fmt.Errorf("%w: %d after %d", ErrBadSeq, ev.Seq, r.prev)
	default:
		return
	}
	r.err = &LineError{Path: r.path, Line: r.line, Err: err}
}
