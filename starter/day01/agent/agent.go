// Package agent holds a conversation with a model and runs its turns.
package agent

import (
	"context"
	"fmt"
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
func (a *Agent) Send(ctx context.Context, text string) (string, error) {
	// TODO(lab 2): Send the whole conversation with text as its newest user
	// message. On success keep both and return the reply's content; on failure
	// return the error and leave the conversation as it was.
	// See "Exercise 2" in README.md; for hints: go run ply/cmd/lab hint day01 2
	return "", notDone(2)
}

// Clear forgets the conversation but keeps the system prompt.
func (a *Agent) Clear() {
	// TODO(lab 2): Leave the conversation holding only the system prompt
	// (RoleSystem, SystemPrompt), also when it was nil, as in New.
	// See "Exercise 2" in README.md; for hints: go run ply/cmd/lab hint day01 2
}

// Messages returns a copy of the conversation so far.
func (a *Agent) Messages() []llm.Message {
	return slices.Clone(a.messages)
}

// Model returns the name of the model the agent asks.
func (a *Agent) Model() string { return a.model }

// SetModel switches to another model; the conversation carries on.
func (a *Agent) SetModel(name string) { a.model = name }

// notDone is the error of this file's holes until their exercises are
// done. It lives out here, not in a hole, so that filling a hole never
// leaves an import unused; delete it once no hole calls it.
func notDone(exercise int) error {
	return fmt.Errorf("exercise %d is not done yet", exercise)
}
