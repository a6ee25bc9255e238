// Package agent holds a conversation with a model and runs its turns.
package agent

import (
	"context"
	"errors"
	"slices"
	"strings"

	"ply/day06/approval"
	"ply/day06/llm"
	"ply/day06/tools"
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
	gate     *approval.Gate // decides whether each tool call runs
	asker    approval.Asker // puts the gate's questions to the human
	budget   int            // tokens the model's window holds
	counted  counted        // the server's count of the conversation, when it gave one
	failedOn int            // how many messages the last failed compaction would have replaced; 0 after one that worked
	watch    func(Event)    // hears every change of the agent's state (see Watch); nil: nobody does
}

// New returns an agent that talks to model through gateway and lets it
// call the tools in registry, with a conversation holding only the system
// prompt. Its gate has the default rules and nobody to ask, so that every
// call the gate asks about is refused until Guard says who answers.
func New(gateway llm.Gateway, model string, registry *tools.Registry) *Agent {
	a := &Agent{gateway: gateway, tools: registry, model: model, budget: DefaultBudget}
	a.Guard(approval.New("", approval.DefaultRules()), approval.Unattended{})
	a.Clear()
	return a
}

// Send runs one turn. It adds text to the conversation as the user's
// message and goes round the loop: stream the model's reply; if the reply
// calls tools, run them, add their results and ask the model again; stop
// at a reply with no tool calls. Before each request it makes room, by
// compacting, when the conversation has grown past three quarters of the
// budget. It tells emit what happens as it happens: a Text for each
// fragment of a reply, a ToolStart and a ToolEnd for each call, Retrying
// and Compacted where they happen, then exactly one of TurnDone, Failed,
// Cancelled, RoundLimit, Repeated or OutOfRoom.
//
// However the turn ends, every tool call in the conversation has its
// result: a call that did not run is answered with why. A failed or
// cancelled turn keeps what happened: the user's message, the rounds that
// finished, and the text of the reply that did not. Nothing of a turn is
// taken back, so that the conversation only grows, except by compaction.
func (a *Agent) Send(ctx context.Context, text string, emit func(Event)) {
	before := len(a.messages)
	a.add(llm.Message{Role: llm.RoleUser, Content: text})
	a.loop(ctx, before, emit)
}

// loop runs the rest of a turn, whose first message is in the
// conversation: the model's replies, their calls and their results, until
// one of the ends Send lists. before is the conversation's length before
// that first message.
func (a *Agent) loop(ctx context.Context, before int, emit func(Event)) {
	emit = a.watched(emit)
	ctx = llm.WithRetryNotice(ctx, func(r llm.Retry) {
		emit(Retrying{Attempt: r.Attempt, Attempts: r.Attempts, Wait: r.Wait, Err: r.Err})
	})
	var usage llm.Usage
	var seen repeats            // the calls of the turn so far, for loop detection
	for round := 0; ; round++ { // round counts the rounds of tool calls run so far
		// Make room for the request, or stop: a request over the budget
		// would be refused, or cut by the server without a word.
		if !a.makeRoom(ctx, emit) {
			size := a.Context().Size()
			a.end(before, "")
			emit(OutOfRoom{Size: size, Budget: a.budget, Usage: usage})
			return
		}
		// Ask, and stream the reply.
		reply, used, err := a.stream(ctx, emit)
		usage.Input += used.Input
		usage.Output += used.Output
		switch {
		case err != nil && ctx.Err() != nil:
			a.cancelled(before, reply.Content, emit)
			return
		case err != nil:
			a.failed(before, err, reply.Content, emit)
			return
		}
		reply = hold(reply, a.budget)
		a.add(reply)
		if used.Input > 0 {
			// The server counted what the model wrote; the window may
			// keep less of it, and never more than its estimate.
			a.counted = counted{tokens: used.Input + min(used.Output, estimate(reply)), through: len(a.messages)}
		}
		// Stop a model that is going round in circles, or that is done.
		if call, ok := seen.stuck(reply.ToolCalls); ok {
			a.skipCalls(reply.ToolCalls, repeatedResult(call))
			emit(Repeated{Name: call.Name, Arguments: call.Arguments, Usage: usage})
			return
		}
		switch {
		case len(reply.ToolCalls) == 0:
			emit(TurnDone{Usage: usage})
			return
		case round == MaxRounds:
			a.skipCalls(reply.ToolCalls, notRunLimit)
			emit(RoundLimit{Rounds: round, Usage: usage})
			return
		}
		// Run the calls; a cancel stops them, and the rest are answered.
		a.runCalls(ctx, reply.ToolCalls, emit)
		if ctx.Err() != nil {
			a.cancelled(before, "", emit)
			return
		}
	}
}

// cancelled ends a turn the user stopped. The conversation keeps the
// rounds that finished, each call with its result, and the text shown of
// the reply that did not; that reply was never added, so its tool calls,
// which never ran, are not there.
func (a *Agent) cancelled(before int, text string, emit func(Event)) {
	emit(Cancelled{Kept: a.end(before, text)})
}

// failed ends a turn whose request to the model failed. The rounds whose
// tools ran stay in the conversation: a tool may have written a file or
// run a command, and a model that forgot the call would have a wrong
// picture of the project. So does text, the part of the reply shown
// before it broke: a new reply would not continue it. A reply cut at the
// output limit is the exception: it is not the answer the model meant to
// give, and sent back on every turn it would mislead the model.
func (a *Agent) failed(before int, err error, text string, emit func(Event)) {
	if errors.Is(err, llm.ErrOutputLimit) {
		text = ""
	}
	a.end(before, text)
	emit(Failed{Err: err, Kept: text != ""})
}

// end closes a turn that stopped early, and reports whether anything of it
// besides the user's message stays in the conversation. The calls that
// never ran are answered as not run, and text, the part of a reply that
// was shown before it broke off, is kept; the reply's calls are not, since
// they never ran. Nothing is taken away, not even a lone user message: a
// conversation that only grows is one that a log can follow (day 7), and
// the model reads an unanswered question as what it is.
func (a *Agent) end(before int, text string) (kept bool) {
	a.skipCalls(unanswered(a.messages), notRunCancelled)
	if text != "" {
		a.add(hold(llm.Message{Role: llm.RoleAssistant, Content: text}, a.budget))
	}
	return len(a.messages) > before+1
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
	a.counted, a.failedOn = counted{}, 0
}

// Messages returns a copy of the conversation so far.
func (a *Agent) Messages() []llm.Message {
	return slices.Clone(a.messages)
}

// Model returns the name of the model the agent asks.
func (a *Agent) Model() string { return a.model }

// SetModel switches to another model; the conversation carries on.
func (a *Agent) SetModel(name string) { a.model = name }
