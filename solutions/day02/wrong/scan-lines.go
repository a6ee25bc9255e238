// Wrong: bufio.ScanLines ends a line at "\n" and drops a "\r" before it, so
// CRLF streams work; but a lone "\r" is no line end to it, and a stream
// that uses one becomes a single endless line.
// Exercise: 1
// Caught by: TestEventReader/lone_CR, self-check "sse: CRLF and a lone CR end lines too"
package llm

import "bufio"

func (e *eventReader) splitLine(data []byte, atEOF bool) (advance int, line []byte, err error) {
	return bufio.ScanLines(data, atEOF)
}
