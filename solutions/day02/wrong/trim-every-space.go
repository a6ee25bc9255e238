// Wrong: trimming every space after the colon looks tidier, but the format
// drops exactly one, and a value may start with a space of its own.
// Exercise: 1
// Caught by: TestEventReader/only_one_space_is_dropped
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
		data.WriteString(strings.TrimLeft(value, " "))
		if data.Len() > maxEvent {
			e.err = ErrEventTooLong
			return false
		}
	}
	return false
}
