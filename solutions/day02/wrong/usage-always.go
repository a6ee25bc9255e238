// Wrong: sending the usage whether or not the request asked for it gives a
// client a chunk it did not ask for, with no choices, which is what OpenAI
// sends only to a client that asks.
// Exercise: 5
// Caught by: TestMockServerAnswers/no_usage_unless_asked
package llm

import (
	"fmt"
	"net/http"
)

func writeEvents(w http.ResponseWriter, stream Stream, withUsage bool) {
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-cache")
	for stream.Next() {
		d := stream.Delta()
		writeEvent(w, chatChunk{Choices: []chunkChoice{{
			Delta:        chunkDelta{Role: RoleAssistant, Content: d.Text},
			FinishReason: d.Finish,
		}}})
		if d.Usage != nil {
			writeEvent(w, chatChunk{Choices: []chunkChoice{}, Usage: toWireUsage(d.Usage)})
		}
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
}
