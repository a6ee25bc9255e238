// Wrong: clearing afterCR only when a "\n" is skipped leaves it set after a
// lone "\r" that a line follows; the blank line that should end the event
// is then skipped as if it were the rest of the "\r", and the event never
// ends. Whatever byte comes next settles what the "\r" was.
// Exercise: 1
// Caught by: TestEventReader, TestSplitLine/any_byte_after_a_CR_clears_it
package llm

import "bytes"

func (e *eventReader) splitLine(data []byte, atEOF bool) (advance int, line []byte, err error) {
	if e.afterCR && len(data) > 0 && data[0] == '\n' {
		e.afterCR = false
		return 1, nil, nil
	}
	i := bytes.IndexAny(data, "\r\n")
	switch {
	case i >= 0 && data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n':
		return i + 2, data[:i], nil
	case i >= 0:
		if data[i] == '\r' {
			e.afterCR = true
		}
		return i + 1, data[:i], nil
	case atEOF && len(data) > 0:
		return len(data), data, nil
	}
	return 0, nil, nil
}
