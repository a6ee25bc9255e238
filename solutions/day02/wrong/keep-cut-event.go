// Wrong: handing over the last event when the input ends, though its blank
// line never came, feels generous; but the stream was cut, and what it cut
// may be half a chunk of JSON, or a whole one that the server meant to
// follow with more lines.
// Exercise: 1
// Caught by: TestEventReader/an_unfinished_event_is_dropped, TestChunkStream/cut_in_the_middle_of_an_event, self-check "sse: an event the stream cuts short is dropped"
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
		if data.Len() > maxEvent {
			e.err = ErrEventTooLong
			return false
		}
	}
	if found && e.lines.Err() == nil {
		e.data = data.String()
		return true
	}
	return false
}
