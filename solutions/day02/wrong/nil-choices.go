// Wrong: leaving Choices nil in the usage chunk marshals it as
// "choices":null, where OpenAI sends an empty list, and a client that
// ranges over the list or checks its length may choke on null.
// Exercise: 5
// Caught by: self-check "mock server streams SSE chunks and ends with [DONE]", TestMockServerAnswers/usage_when_asked
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
		if d.Usage != nil && withUsage {
			writeEvent(w, chatChunk{Usage: toWireUsage(d.Usage)})
		}
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
}
