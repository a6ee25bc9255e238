// Package agent holds a conversation with a model and runs its turns.
package agent

import (
	"context"
	"fmt"
	"slices"

	"ply/day02/llm"
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

// Send runs one turn. It adds text to the conversation as the user's
// message, streams the model's reply, and tells emit what happens as it
// happens: a Text for each fragment of the reply, then exactly one of
// TurnDone, Failed or Cancelled.
//
// Afterwards, a finished reply is part of the conversation. A failed turn
// leaves the conversation as it was, so the user can simply ask again. A
// cancelled turn keeps the user's message and what they saw of the reply,
// so that the conversation holds what happened on the screen; with nothing
// shown, it is as if the turn never happened.
func (a *Agent) Send(ctx context.Context, text string, emit func(Event)) {
	// TODO(lab 4): Run one turn. Finished: TurnDone, and the message and reply
	// join the conversation. Failed: Failed, the conversation as before. ctx
	// done: Cancelled; if text was shown, Kept and both join, else as before.
	// See "Exercise 4" in README.md; for hints: go run ply/cmd/lab hint day02 4
}

// stream sends the conversation and passes each fragment of the reply's
// text to emit as a Text, as soon as it arrives. It returns all the text
// received, even when the stream fails part way, and the usage if the
// server reported it.
func (a *Agent) stream(ctx context.Context, emit func(Event)) (string, llm.Usage, error) {
	// TODO(lab 4): Stream a.messages to a.model, emit each piece of text as a
	// Text the moment it arrives, and return all the text, the usage and the
	// stream's error, even when the stream breaks part way; close the stream.
	// See "Exercise 4" in README.md; for hints: go run ply/cmd/lab hint day02 4
	return "", llm.Usage{}, notDone(4)
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

// notDone is the error of this file's holes until their exercises are
// done. It lives out here, not in a hole, so that filling a hole never
// leaves an import unused; delete it once no hole calls it.
func notDone(exercise int) error {
	return fmt.Errorf("exercise %d is not done yet", exercise)
}
