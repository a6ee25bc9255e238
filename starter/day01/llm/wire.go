package llm

import (
	"errors"
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
func toWire(req Request) chatRequest {
	// TODO(lab 3): Make a chatRequest with req's Model, and one chatMessage for
	// each of req.Messages, in order, with the same Role and Content.
	// See "Exercise 3" in README.md; for hints: go run ./cmd/lab hint day01 3
	return chatRequest{}
}

// decodeReply reads the server's answer and returns the message of its
// first choice.
func decodeReply(r io.Reader) (Message, error) {
	// TODO(lab 4): Decode r as a chatResponse; wrap a decoding error as
	// fmt.Errorf("read the server's answer: %w", err). An answer with no
	// choices is ErrNoChoices. Otherwise return the first choice's message as a
	// Message with RoleAssistant.
	// See "Exercise 4" in README.md; for hints: go run ./cmd/lab hint day01 4
	return Message{}, errors.New("exercise 4 is not done yet")
}
