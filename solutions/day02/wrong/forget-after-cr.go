// Wrong: ending the line at every "\r" at once, and a "\r\n" found whole as
// one line end, passes every stream that arrives in one piece; but when
// the "\r" and the "\n" come in two reads, the "\n" makes a blank line of
// its own, and a blank line ends the event early.
// Exercise: 1
// Caught by: TestEventReaderInPieces, TestSplitLine/the_LF_of_a_split_CRLF_is_skipped
package llm

import "bytes"

func (e *eventReader) splitLine(data []byte, atEOF bool) (advance int, line []byte, err error) {
	i := bytes.IndexAny(data, "\r\n")
	switch {
	case i >= 0 && data[i] == '\r' && i+1 < len(data) && data[i+1] == '\n':
		return i + 2, data[:i], nil
	case i >= 0:
		return i + 1, data[:i], nil
	case atEOF && len(data) > 0:
		return len(data), data, nil
	}
	return 0, nil, nil
}
