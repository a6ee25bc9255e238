// Wrong: the seq check also runs on a blank line, whose zero seq never increases, so a log with an
// empty line in it stops there.
// Exercise: 2
// Caught by: TestReaderRules/blank_lines_skipped_and_counted, TestForkKeepsBlankLines, TestReaderStopsAtTheFirstBadLine
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
	case ev.Seq <= r.prev:
		err = fmt.Errorf("%w: %d after %d", ErrBadSeq, ev.Seq, r.prev)
	default:
		return
	}
	r.err = &LineError{Path: r.path, Line: r.line, Err: err}
}
