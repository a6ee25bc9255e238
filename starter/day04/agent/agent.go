// Package agent holds a conversation with a model and runs its turns.
package agent

import (
	"context"
	"slices"
	"strings"

	"ply/day04/llm"
	"ply/day04/tools"
)

// SystemPrompt opens every conversation. The user never sees it; the model
// reads it first on every turn.
const SystemPrompt = "You are ply, a coding assistant in a terminal, working in the user's project directory. " +
	"Use the tools to look at the files before you answer questions about them; paths are relative to the project. " +
	"Answer briefly and plainly."

// MaxRounds is how many rounds of tool calls one turn may run. A real
// question takes a handful; a model that calls tools for ever is stopped
// here, and the user decides whether it goes on.
const MaxRounds = 20

// Agent is one conversation with a model. It owns the history, the message
// array sent on every turn: the system prompt first, then the user's
// messages and the model's replies in the order they happened.
// An Agent is not safe for concurrent use.
type Agent struct {
	gateway  llm.Gateway
	tools    *tools.Registry
	model    string
	messages []llm.Message
}

// New returns an agent that talks to model through gateway and lets it
// call the tools in registry, with a conversation holding only the system
// prompt.
func New(gateway llm.Gateway, model string, registry *tools.Registry) *Agent {
	a := &Agent{gateway: gateway, tools: registry, model: model}
	a.Clear()
	return a
}

// Send runs one turn. It adds text to the conversation as the user's
// message and goes round the loop: stream the model's reply; if the reply
// calls tools, run them, add their results and ask the model again; stop
// at a reply with no tool calls. It tells emit what happens as it happens:
// a Text for each fragment of a reply, a ToolStart and a ToolEnd for each
// call, then exactly one of TurnDone, Failed, Cancelled or RoundLimit.
//
// Afterwards, a finished turn is part of the conversation. A failed turn
// keeps the rounds whose tools ran and drops the reply it was cut in; when
// no tool ran, it leaves the conversation as it was, so the user can simply
// ask again. A cancelled turn keeps what happened on the screen: the
// rounds that finished, and the text of the one that did not. With nothing
// shown, it is as if the turn never happened.
func (a *Agent) Send(ctx context.Context, text string, emit func(Event)) {
	before := len(a.messages)
	a.messages = append(a.messages, llm.Message{Role: llm.RoleUser, Content: text})
	var usage llm.Usage
	for round := 0; ; round++ { // round counts the rounds of tool calls run so far
		reply, used, err := a.stream(ctx, emit)
		usage.Input += used.Input
		usage.Output += used.Output
		switch {
		case err != nil && ctx.Err() != nil:
			a.cancelled(before, reply.Content, emit)
			return
		case err != nil:
			a.failed(before, err, emit)
			return
		}
		a.messages = append(a.messages, reply)
		switch {
		case len(reply.ToolCalls) == 0:
			emit(TurnDone{Usage: usage})
			return
		case round == MaxRounds:
			a.skipCalls(reply.ToolCalls, notRunLimit)
			emit(RoundLimit{Rounds: round, Usage: usage})
			return
		}
		a.runCalls(ctx, reply.ToolCalls, emit)
	}
}

// cancelled ends a turn the user stopped. The conversation keeps the
// rounds that finished, each call with its result, and the text shown of
// the reply that did not; that reply was never added, so its tool calls,
// which never ran, are not there.
func (a *Agent) cancelled(before int, text string, emit func(Event)) {
	if text != "" {
		a.messages = append(a.messages, llm.Message{Role: llm.RoleAssistant, Content: text})
	}
	if len(a.messages) == before+1 {
		// Only the user's message is left: the turn showed nothing.
		a.messages = a.messages[:before]
		emit(Cancelled{})
		return
	}
	emit(Cancelled{Kept: true})
}

// failed ends a turn whose request to the model failed. The rounds whose
// tools ran stay in the conversation: a tool may have written a file or
// run a command, and a model that forgot the call would have a wrong
// picture of the project. The reply the request was cut in was never
// added, so every call kept has its result. A turn in which no tool ran
// leaves nothing, so that asking again starts clean.
func (a *Agent) failed(before int, err error, emit func(Event)) {
	// TODO(lab 4): End a failed turn: keep a.messages when tools ran (they hold
	// more after before than the question), else go back to before; then emit
	// Failed{Err: err}.
	// See "Exercise 4" in README.md; for hints: go run ply/cmd/lab hint day04 4
}

// stream sends the conversation and passes each fragment of the reply's
// text to emit as a Text, as soon as it arrives, while the tool-call
// fragments are merged into whole calls. It returns the reply as far as it
// got, even when the stream fails part way, and the usage if the server
// reported it. Once ctx is done it sends nothing: the user has stopped the
// turn, perhaps while its tools ran.
func (a *Agent) stream(ctx context.Context, emit func(Event)) (llm.Message, llm.Usage, error) {
	if err := ctx.Err(); err != nil {
		return llm.Message{}, llm.Usage{}, err
	}
	s, err := a.gateway.Stream(ctx, a.request())
	if err != nil {
		return llm.Message{}, llm.Usage{}, err
	}
	defer s.Close()
	var text strings.Builder
	var calls merger
	var usage llm.Usage
	for s.Next() {
		d := s.Delta()
		if d.Text != "" {
			text.WriteString(d.Text)
			emit(Text{Text: d.Text})
		}
		for _, f := range d.ToolCalls {
			calls.add(f)
		}
		if d.Usage != nil {
			usage = *d.Usage
		}
	}
	reply := llm.Message{Role: llm.RoleAssistant, Content: text.String(), ToolCalls: calls.result()}
	return reply, usage, s.Err()
}

// request is what the model is sent: the conversation, and the tools it
// may call.
func (a *Agent) request() llm.Request {
	req := llm.Request{Model: a.model, Messages: a.messages}
	for _, t := range a.tools.All() {
		req.Tools = append(req.Tools, llm.ToolSpec{Name: t.Name(), Description: t.Description(), Parameters: t.Schema()})
	}
	return req
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
