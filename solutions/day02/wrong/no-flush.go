// Wrong: writing each chunk with fmt.Fprintf and no flush looks the same
// with the Mock, whose whole reply is written in microseconds before the
// handler returns and flushes it; but Go's server keeps small writes in
// its buffer, so from a stream that takes its time the client sees
// nothing until the reply has ended.
// Exercise: 5
// Caught by: TestMockServerFlushes
package llm

import (
	"encoding/json"
	"fmt"
	"net/http"
)

func writeEvents(w http.ResponseWriter, stream Stream, withUsage bool) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	for stream.Next() {
		d := stream.Delta()
		data, _ := json.Marshal(chatChunk{Choices: []chunkChoice{{
			Delta:        chunkDelta{Role: RoleAssistant, Content: d.Text},
			FinishReason: d.Finish,
		}}})
		fmt.Fprintf(w, "data: %s\n\n", data)
		if d.Usage != nil && withUsage {
			data, _ := json.Marshal(chatChunk{Choices: []chunkChoice{}, Usage: toWireUsage(d.Usage)})
			fmt.Fprintf(w, "data: %s\n\n", data)
		}
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
}
