package llm

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
)

// ErrNoChoices means the server answered 200 OK with no reply in it.
var ErrNoChoices = errors.New("the server's answer has no choices")

// chatRequest is the JSON body of POST /chat/completions.
type chatRequest struct {
	Model    string        `json:"model"`
	Messages []chatMessage `json:"messages"`
}

// chatMessage is a Message as the wire spells it.
type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"` // a JSON null decodes as ""
}

// chatResponse is the part of the server's answer that ply reads.
type chatResponse struct {
	Choices []responseChoice `json:"choices"`
}

// responseChoice is one reply in an answer. Servers send more than one
// only when asked to, and ply never asks.
type responseChoice struct {
	Message chatMessage `json:"message"`
}

// toWire translates a Request into the body the server expects.
//
//lab:exercise 3 Make a chatRequest with req's Model, and one chatMessage for each of req.Messages, in order, with the same Role and Content.
func toWire(req Request) chatRequest {
	wire := chatRequest{Model: req.Model, Messages: make([]chatMessage, len(req.Messages))}
	for i, m := range req.Messages {
		wire.Messages[i] = chatMessage{Role: m.Role, Content: m.Content}
	}
	return wire
}

// decodeReply reads the server's answer and returns the message of its
// first choice.
//
//lab:exercise 4 Decode r as a chatResponse; wrap a decoding error as fmt.Errorf("read the server's answer: %w", err). An answer with no choices is ErrNoChoices. Otherwise return the first choice's message as a Message with RoleAssistant.
func decodeReply(r io.Reader) (Message, error) {
	var resp chatResponse
	if err := json.NewDecoder(r).Decode(&resp); err != nil {
		return Message{}, fmt.Errorf("read the server's answer: %w", err)
	}
	if len(resp.Choices) == 0 {
		return Message{}, ErrNoChoices
	}
	return Message{Role: RoleAssistant, Content: resp.Choices[0].Message.Content}, nil
}
