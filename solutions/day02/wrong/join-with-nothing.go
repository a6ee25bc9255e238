// Wrong: joining an event's data lines with nothing still gives valid JSON
// when a server spreads one chunk over two lines, so every stream seems to
// work; but the format joins them with "\n", and data that is not JSON
// comes out changed.
// Exercise: 1
// Caught by: TestEventReader/data_lines_join, TestEventReader/CRLF_data_lines_join
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
		field, value, _ := strings.Cut(line, ":")
		if field != "data" {
			continue
		}
		found = true
		data.WriteString(strings.TrimPrefix(value, " "))
		if data.Len() > maxEvent {
			e.err = ErrEventTooLong
			return false
		}
	}
	return false
}
