// Wrong: a blank line ends an event, but one with no data line before it
// ends nothing. Dispatching at every blank line turns each keep-alive
// comment into an event with empty data, which the chunk decoder refuses.
// Exercise: 1
// Caught by: TestEventReader/comment-only_event_dispatches_nothing, self-check "sse: comments and other fields are skipped"
package llm

import "strings"

func (e *eventReader) Next() bool {
	var data []string
	for e.lines.Scan() {
		line := e.lines.Text()
		if line == "" {
			e.data = strings.Join(data, "\n")
			return true
		}
		field, value, _ := strings.Cut(line, ":")
		if field == "data" {
			data = append(data, strings.TrimPrefix(value, " "))
		}
	}
	return false
}
