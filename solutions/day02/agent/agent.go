// Package agent holds a conversation with a model and runs its turns.
package agent

import (
	"context"
	"slices"
	"strings"

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
//
//lab:exercise 4 Run one turn. Finished: TurnDone, and the message and reply join the conversation. Failed: Failed, the conversation as before. ctx done: Cancelled; if text was shown, Kept and both join, else as before.
func (a *Agent) Send(ctx context.Context, text string, emit func(Event)) {
	a.messages = append(a.messages, llm.Message{Role: llm.RoleUser, Content: text})
	reply, usage, err := a.stream(ctx, emit)
	switch {
	case err == nil:
		a.messages = append(a.messages, llm.Message{Role: llm.RoleAssistant, Content: reply})
		emit(TurnDone{Usage: usage})
	case ctx.Err() != nil && reply != "":
		a.messages = append(a.messages, llm.Message{Role: llm.RoleAssistant, Content: reply})
		emit(Cancelled{Kept: true})
	case ctx.Err() != nil:
		a.messages = a.messages[:len(a.messages)-1]
		emit(Cancelled{})
	default:
		a.messages = a.messages[:len(a.messages)-1]
		emit(Failed{Err: err})
	}
}

// stream sends the conversation and passes each fragment of the reply's
// text to emit as a Text, as soon as it arrives. It returns all the text
// received, even when the stream fails part way, and the usage if the
// server reported it.
func (a *Agent) stream(ctx context.Context, emit func(Event)) (string, llm.Usage, error) {
	s, err := a.gateway.Stream(ctx, llm.Request{Model: a.model, Messages: a.messages})
	if err != nil {
		return "", llm.Usage{}, err
	}
	defer s.Close()
	var reply strings.Builder
	var usage llm.Usage
	for s.Next() {
		d := s.Delta()
		if d.Text != "" {
			reply.WriteString(d.Text)
			emit(Text{Text: d.Text})
		}
		if d.Usage != nil {
			usage = *d.Usage
		}
	}
	return reply.String(), usage, s.Err()
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
