// Wrong: a line that does not decode is let through, so Next skips it and reads on. It looks
// kinder, and it is a rewrite of the log in memory: the conversation gets a hole nobody sees, and a
// torn last line stays in the file for the next append to be glued to.
// Exercise: 2
// Caught by: TestReaderRules/not_json, TestReaderRules/never_reads_on_after_a_bad_line, TestResumeRefusesADamagedLog/a_byte_flipped, TestResumeRepairsATornLastLine, self-check "a damaged middle line stops the reader there", self-check "a cut last line stops the reader after the previous event, naming its line"
// Test exercise: 5
package session

import (
	"bytes"
	"fmt"
	"unicode/utf8"
)

func (r *Reader) judge(line []byte, ev Event, err error) {
	switch {
	case err != nil:
		return // a bad line is skipped: the rest of the log is still good
	case !bytes.HasSuffix(line, newline) && ev.Data == nil:
		return
	case !utf8.Valid(line):
		err = ErrBadUTF8
	case ev.Data != nil && ev.Seq != r.prev+1:
		err = fmt.Errorf("%w: %d after %d", ErrBadSeq, ev.Seq, r.prev)
	default:
		return
	}
	r.err = &LineError{Path: r.path, Line: r.line, Err: err}
}
