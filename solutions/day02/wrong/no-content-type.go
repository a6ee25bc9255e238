// Wrong: without a Content-Type, Go's server guesses one from the first
// bytes, text/plain; ply's client reads anything that is not JSON as a
// stream, so its replies still work, but a client that checks the type
// does not know it is one.
// Exercise: 5
// Caught by: self-check "mock server streams SSE chunks and ends with [DONE]", TestMockServerAnswers/stream
package llm

import (
	"fmt"
	"net/http"
)

func writeEvents(w http.ResponseWriter, stream Stream, withUsage bool) {
	for stream.Next() {
		d := stream.Delta()
		writeEvent(w, chatChunk{Choices: []chunkChoice{{
			Delta:        chunkDelta{Role: RoleAssistant, Content: d.Text},
			FinishReason: d.Finish,
		}}})
		if d.Usage != nil && withUsage {
			writeEvent(w, chatChunk{Choices: []chunkChoice{}, Usage: toWireUsage(d.Usage)})
		}
	}
	fmt.Fprint(w, "data: [DONE]\n\n")
}
