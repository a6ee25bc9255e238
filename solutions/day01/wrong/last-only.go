// Wrong: the body carries only the newest message: the amnesia of a Send
// that forgets the history, moved into the wire, where the agent's tests
// cannot see it.
// Exercise: 4
// Caught by: TestOpenAIRequest, self-check "openai posts the conversation to /chat/completions"
package llm

func toWire(req Request) chatRequest {
	wire := chatRequest{Model: req.Model}
	if n := len(req.Messages); n > 0 {
		last := req.Messages[n-1]
		wire.Messages = []chatMessage{{Role: last.Role, Content: last.Content}}
	}
	return wire
}
