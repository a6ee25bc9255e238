// Wrong: a last line without its "\n" is judged by its JSON alone; a line cut after its closing
// brace reads as whole, and one cut anywhere else is called "not JSON", so resume refuses a log
// that a crash left, instead of repairing it.
// Exercise: 2
// Caught by: TestReaderRules/cut_short, TestReaderRules/only_a_newline_missing, TestTheLastLineCutAtEveryOffset, TestResumeRepairsATornLastLine, self-check "resume repairs a torn last line and says which line went"
// Test exercise: 5
package session

import (
	"fmt"
	"unicode/utf8"
)

func (r *Reader) judge(line []byte, ev Event, err error) {
	switch {
	case !utf8.Valid(line):
		err = ErrBadUTF8
	case err != nil:
	case ev.Data != nil && ev.Seq != r.prev+1:
		err = fmt.Errorf("%w: %d after %d", ErrBadSeq, ev.Seq, r.prev)
	default:
		return
	}
	r.err = &LineError{Path: r.path, Line: r.line, Err: err}
}
