// Wrong: ply's own client does not need [DONE], since the finish reason is
// enough; but clients that wait for it, as OpenAI's own libraries do, take
// the stream for cut.
// Exercise: 5
// Caught by: self-check "mock server streams SSE chunks and ends with [DONE]", TestMockServerAnswers/stream
package llm

import "net/http"

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
			writeEvent(w, chatChunk{Choices: []chunkChoice{}, Usage: toWireUsage(d.Usage)})
		}
	}
}
