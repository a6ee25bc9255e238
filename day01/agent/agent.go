// Package agent holds a conversation with a model and runs its turns.
package agent

import (
	"context"
	"slices"

	"ply/day01/llm"
)

// SystemPrompt opens every conversation. The user never sees it; the model
// reads it first on every turn.
const SystemPrompt = "You are ply, a coding assistant in a terminal. Answer briefly and plainly."

// Agent is one conversation with a model. It owns the history, the message
// array sent on every turn: the system prompt first, then the user's
// messages and the model's replies in the order they happened.
// An Agent is not safe for concurrent use.
type Agent struct {
	gateway  llm.Gateway
	model    string
	messages []llm.Message
}

// New returns an agent that talks to model through gateway, with a
// conversation holding only the system prompt.
func New(gateway llm.Gateway, model string) *Agent {
	a := &Agent{gateway: gateway, model: model}
	a.Clear()
	return a
}

// Send adds text to the conversation as the user's message, sends the whole
// conversation to the model, and adds the reply to the conversation too.
// When the model fails, the conversation is left as it was before the
// call, so the user can simply ask again.
//
//lab:exercise 2 Send the whole conversation with text as its newest user message. On success keep both and return the reply's content; on failure return the error and leave the conversation as it was.
func (a *Agent) Send(ctx context.Context, text string) (string, error) {
	a.messages = append(a.messages, llm.Message{Role: llm.RoleUser, Content: text})
	reply, err := a.gateway.Complete(ctx, llm.Request{Model: a.model, Messages: a.messages})
	if err != nil {
		a.messages = a.messages[:len(a.messages)-1]
		return "", err
	}
	a.messages = append(a.messages, reply)
	return reply.Content, nil
}

// Clear forgets the conversation but keeps the system prompt.
func (a *Agent) Clear() {
	a.messages = []llm.Message{{Role: llm.RoleSystem, Content: SystemPrompt}}
}

// Messages returns a copy of the conversation so far.
func (a *Agent) Messages() []llm.Message {
	return slices.Clone(a.messages)
}

// Model returns the name of the model the agent asks.
func (a *Agent) Model() string { return a.model }

// SetModel switches to another model; the conversation carries on.
func (a *Agent) SetModel(name string) { a.model = name }
