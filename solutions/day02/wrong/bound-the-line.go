// Wrong: the Scanner's buffer refuses a line over maxEvent, so bounding the
// line can look like enough; but a server that sends short data lines for
// ever grows one event without limit, and memory runs out before any line
// is long.
// Exercise: 1
// Caught by: TestEventReaderEndlessEvent, TestChunkStreamEndlessEvent
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
		if found {
			data.WriteByte('\n')
		}
		found = true
		data.WriteString(strings.TrimPrefix(value, " "))
	}
	return false
}
