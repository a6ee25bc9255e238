package llm

import (
	"errors"
	"io"
)

// The ways an answer of 200 OK can still hold no usable reply.
var (
	// ErrNoChoices means the server answered with no reply in it.
	ErrNoChoices = errors.New("the server's answer has no choices")
	// ErrEmptyReply means the model's reply says nothing at all.
	ErrEmptyReply = errors.New("the model's reply is empty")
	// ErrOutputLimit means the model stopped at its limit on output
	// (finish_reason "length") before the reply was done.
	ErrOutputLimit = errors.New("the model stopped at its output limit before the reply was done; ask for a shorter answer")
)

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
	Message      chatMessage `json:"message"`
	FinishReason string      `json:"finish_reason,omitempty"`
}

// toWire translates a Request into the body the server expects.
func toWire(req Request) chatRequest {
	// TODO(lab 4): Return the body that asks for req: its model, and one
	// chatMessage for each of its messages, in order, with the same role and
	// content, and nothing else.
	// See "Exercise 4" in README.md; for hints: go run ply/cmd/lab hint day01 4
	return chatRequest{}
}

// decodeReply reads the server's answer and returns the message of its
// first choice. A reply the model did not finish, or that says nothing,
// is an error: it is not worth keeping in the conversation.
func decodeReply(r io.Reader) (Message, error) {
	// TODO(lab 4): Return the first choice's text as an assistant message.
	// Errors: a decoding error wrapped as "read the server's answer: %w";
	// ErrNoChoices when none came; replyError's for a cut or empty reply.
	// See "Exercise 4" in README.md; for hints: go run ply/cmd/lab hint day01 4
	return Message{}, errors.New("exercise 4 is not done yet")
}

// replyError says what is wrong with a reply the model stopped writing,
// or returns nil. A reply cut at the output limit is not the answer the
// model meant to give, and an empty one answers nothing; kept in the
// conversation, either would be sent back to the model on every turn.
func replyError(cut, empty bool) error {
	switch {
	case cut:
		return ErrOutputLimit
	case empty:
		return ErrEmptyReply
	}
	return nil
}
