// Wrong: the slice is made with a length and then appended to, so the
// body starts with as many empty messages as the conversation holds.
// Exercise: 4
// Caught by: TestOpenAIRequest, self-check "openai posts the conversation to /chat/completions"
package llm

func toWire(req Request) chatRequest {
	wire := chatRequest{Model: req.Model, Messages: make([]chatMessage, len(req.Messages))}
	for _, m := range req.Messages {
		wire.Messages = append(wire.Messages, chatMessage{Role: m.Role, Content: m.Content})
	}
	return wire
}
