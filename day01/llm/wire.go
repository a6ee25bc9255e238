package llm

import (
	"encoding/json"
	"errors"
	"fmt"
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
//
//lab:exercise 4 Return the body that asks for req: its model, and one chatMessage for each of its messages, in order, with the same role and content, and nothing else.
func toWire(req Request) chatRequest {
	wire := chatRequest{Model: req.Model, Messages: make([]chatMessage, len(req.Messages))}
	for i, m := range req.Messages {
		wire.Messages[i] = chatMessage{Role: m.Role, Content: m.Content}
	}
	return wire
}

// decodeReply reads the server's answer and returns the message of its
// first choice. A reply the model did not finish, or that says nothing,
// is an error: it is not worth keeping in the conversation.
func decodeReply(r io.Reader) (Message, error) {
	var resp chatResponse
	if err := json.NewDecoder(r).Decode(&resp); err != nil {
		return Message{}, fmt.Errorf("read the server's answer: %w", err)
	}
	if len(resp.Choices) == 0 {
		return Message{}, ErrNoChoices
	}
	choice := resp.Choices[0]
	if err := replyError(choice.FinishReason == "length", choice.Message.Content == ""); err != nil {
		return Message{}, err
	}
	return Message{Role: RoleAssistant, Content: choice.Message.Content}, nil
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
