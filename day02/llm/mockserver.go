package llm

import (
	"encoding/json"
	"fmt"
	"net/http"
)

// MockHandler serves the Mock as an OpenAI-compatible endpoint, POST
// /v1/chat/completions, so that the real HTTP client can be driven end to
// end with no network and no model: by "ply mock-server", and by tests.
// Like OpenAI, it streams when the request asks for it and answers in one
// piece otherwise.
func MockHandler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/chat/completions", serveMock)
	return mux
}

// serveMock answers one request with the Mock's reply.
func serveMock(w http.ResponseWriter, r *http.Request) {
	var body chatRequest
	if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
		writeError(w, http.StatusBadRequest, "the request body is not JSON: "+err.Error())
		return
	}
	req := fromWire(body)
	if !body.Stream {
		writeWhole(w, Message{Role: RoleAssistant, Content: scriptReply(req.Messages)})
		return
	}
	stream, err := Mock{}.Stream(r.Context(), req)
	if err != nil {
		return // the client has gone already
	}
	defer stream.Close()
	withUsage := body.StreamOptions != nil && body.StreamOptions.IncludeUsage
	writeEvents(w, stream, withUsage)
}

// writeEvents sends each delta as an SSE event holding a chat chunk,
// flushed at once so that the client sees it as it happens, and ends with
// [DONE]. The usage gets a chunk of its own with no choices, as OpenAI
// sends it, and only when the client asked for it.
//
//lab:exercise 5 Stream each delta as an event of a one-choice chatChunk, flushed at once, then "data: [DONE]", as text/event-stream; if withUsage, the usage follows in a chunk of its own with "choices":[].
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
	fmt.Fprint(w, "data: [DONE]\n\n")
}

// writeEvent writes chunk as the data of one event, and flushes it.
func writeEvent(w http.ResponseWriter, chunk chatChunk) {
	data, err := json.Marshal(chunk)
	if err != nil {
		panic("llm: a chatChunk does not marshal: " + err.Error()) // our own type: a programmer's mistake
	}
	fmt.Fprintf(w, "data: %s\n\n", data)
	// A writer that cannot flush is a test's recorder, which keeps everything anyway.
	_ = http.NewResponseController(w).Flush()
}

// writeWhole answers in one piece, for a client that did not ask to stream.
func writeWhole(w http.ResponseWriter, reply Message) {
	w.Header().Set("Content-Type", "application/json")
	// A client that has gone cannot be told that it has.
	_ = json.NewEncoder(w).Encode(chatResponse{Choices: []responseChoice{{
		Message:      chatMessage{Role: reply.Role, Content: reply.Content},
		FinishReason: "stop",
	}}})
}

// writeError answers with status and an error body in OpenAI's shape.
func writeError(w http.ResponseWriter, status int, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	// A client that has gone cannot be told that it has.
	_ = json.NewEncoder(w).Encode(map[string]any{
		"error": map[string]string{"message": message, "type": "invalid_request_error"},
	})
}

// toWireUsage spells a Usage the way servers report it.
func toWireUsage(u *Usage) *wireUsage {
	return &wireUsage{PromptTokens: u.Input, CompletionTokens: u.Output, TotalTokens: u.Input + u.Output}
}
