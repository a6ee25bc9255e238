// Wrong: waiting, at a "\r" that ends what has arrived, for the byte that
// says whether a "\n" follows needs no flag, and every stream read to its
// end comes out right; but a server that ends its lines with a lone "\r"
// has each event held back until it writes again.
// Exercise: 1
// Caught by: TestSplitLine/CR_at_the_end_of_a_read_ends_the_line_at_once
package llm

import "bytes"

func (e *eventReader) splitLine(data []byte, atEOF bool) (advance int, line []byte, err error) {
	i := bytes.IndexAny(data, "\r\n")
	switch {
	case i >= 0 && data[i] == '\n':
		return i + 1, data[:i], nil
	case i >= 0 && i+1 < len(data):
		if data[i+1] == '\n' {
			return i + 2, data[:i], nil
		}
		return i + 1, data[:i], nil
	case i >= 0 && atEOF:
		return i + 1, data[:i], nil
	case i < 0 && atEOF && len(data) > 0:
		return len(data), data, nil
	}
	return 0, nil, nil
}
