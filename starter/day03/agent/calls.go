package agent

import (
	"context"
	"fmt"
	"time"

	"ply/day03/llm"
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
// answered with its error, for the model to read and act on: a failing
// tool never ends the turn. The calls past MaxCalls, and once ctx is done
// (the user pressed Ctrl-C) those not started yet, are answered as not
// run.
func (a *Agent) runCalls(ctx context.Context, calls []llm.ToolCall, emit func(Event)) {
	for i, call := range calls {
		switch {
		case ctx.Err() != nil:
			a.skipCalls(calls[i:], notRunCancelled)
			return
		case i == MaxCalls:
			a.skipCalls(calls[i:], notRunTooMany)
			return
		}
		emit(ToolStart{ID: call.ID, Name: call.Name, Arguments: call.Arguments})
		start := time.Now()
		result := a.tools.Run(ctx, call.Name, call.Arguments)
		emit(ToolEnd{
			ID: call.ID, Name: call.Name, Arguments: result.Arguments,
			Err: result.Err, Elapsed: time.Since(start), Chars: result.Chars, Truncated: result.Truncated, Output: result.Text,
		})
		a.messages = append(a.messages, llm.Message{Role: llm.RoleTool, ToolCallID: call.ID, Content: result.Text})
	}
}

// skipCalls answers calls that will not run, saying why.
func (a *Agent) skipCalls(calls []llm.ToolCall, why string) {
	for _, call := range calls {
		a.messages = append(a.messages, llm.Message{Role: llm.RoleTool, ToolCallID: call.ID, Content: why})
	}
}
