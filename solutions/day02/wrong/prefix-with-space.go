// Wrong: taking a data line to start "data: ", with its space, reads what
// most servers send; but the space is optional, so "data:a" is lost, and a
// bare "data" line too.
// Exercise: 1
// Caught by: TestEventReader/no_space_after_the_colon, TestEventReader/empty_data_line, self-check "sse: CRLF and a lone CR end lines too", self-check "sse: comments and other fields are skipped"
package llm

import "strings"

func (e *eventReader) Next() bool {
	var data strings.Builder
	found := false
	for e.lines.Scan() {
		line := e.lines.Text()
		if line == "" {
			if !found {
				continue
			}
			e.data = data.String()
			return true
		}
		value, ok := strings.CutPrefix(line, "data: ")
		if !ok {
			continue
		}
		if found {
			data.WriteByte('\n')
		}
		found = true
		data.WriteString(value)
		if data.Len() > maxEvent {
			e.err = ErrEventTooLong
			return false
		}
	}
	return false
}
