package agent

import (
	"context"
	"errors"
	"fmt"
	"time"

	"ply/day07/llm"
	"ply/day07/tools"
)

// MaxCalls is how many calls of one reply run. A model calls a handful at
// once; each result can be 16,000 characters, and the next request carries
// them all, so a reply of ten thousand calls would make one of 160 million.
const MaxCalls = 50

// The results of calls that never ran. Every call in a conversation needs
// its result: servers refuse a conversation with a call left unanswered.
var (
	notRunLimit     = fmt.Sprintf("not run: the turn reached its limit of %d rounds of tool calls", MaxRounds)
	notRunCancelled = "not run: the user stopped the turn before this call ran"
	notRunTooMany   = fmt.Sprintf("not run: a reply runs at most %d calls; make this one again if you still need it", MaxCalls)
)

// runCalls runs the calls of one reply in index order and answers each
// with a tool message that carries the call's ID. A call that fails is
// answered with its error, and a call the gate refuses with the refusal,
// for the model to read and act on: neither ends the turn. The calls past
// MaxCalls are answered as not run. Once ctx is done (the user pressed
// Ctrl-C) it starts no more calls, and leaves those for the caller: the end
// of a turn answers every call still without its result.
func (a *Agent) runCalls(ctx context.Context, calls []llm.ToolCall, emit func(Event)) {
	for i, call := range calls {
		switch {
		case ctx.Err() != nil:
			return
		case i == MaxCalls:
			a.skipCalls(calls[i:], notRunTooMany)
			return
		}
		emit(ToolStart{ID: call.ID, Name: call.Name, Arguments: call.Arguments})
		result, denied, ran := a.runHeld(ctx, call, emit)
		emit(ToolEnd{
			ID: call.ID, Name: call.Name, Arguments: result.Arguments, Denied: denied,
			Err: result.Err, Elapsed: ran, Chars: result.Chars, Truncated: result.Truncated, Output: result.Text,
			Cancelled: !denied && ctx.Err() != nil,
		})
		a.add(llm.Message{Role: llm.RoleTool, ToolCallID: call.ID, Content: result.Text})
	}
}

// runHeld runs call as runApproved does, unless the window holds it as a
// stub (see hold): that never runs, and its result tells the model what to
// send instead.
func (a *Agent) runHeld(ctx context.Context, call llm.ToolCall, emit func(Event)) (result tools.Result, denied bool, ran time.Duration) {
	if what, ok := elided(call); ok {
		result := refusal(notKept(what, a.budget))
		result.Arguments = call.Arguments
		return result, false, 0
	}
	return a.runApproved(ctx, call, emit)
}

// skipCalls answers calls that will not run, saying why, and reports each
// to the watcher as a ToolEnd that never ran, so that every call has its
// end: the user's cancel is why for notRunCancelled, the loop's rules for
// every other reason.
func (a *Agent) skipCalls(calls []llm.ToolCall, why string) {
	for _, call := range calls {
		a.report(ToolEnd{
			ID: call.ID, Name: call.Name, Arguments: call.Arguments, Err: errors.New(why),
			Skipped: true, Cancelled: why == notRunCancelled,
		})
		a.add(llm.Message{Role: llm.RoleTool, ToolCallID: call.ID, Content: why})
	}
}
