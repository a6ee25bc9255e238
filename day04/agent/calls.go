package agent

import (
	"context"
	"fmt"
	"time"

	"ply/day04/llm"
)

// runCalls runs the calls of one reply in index order and answers each
// with a tool message that carries the call's ID. A call that fails is
// answered with its error, for the model to read and act on: a failing
// tool never ends the turn.
func (a *Agent) runCalls(ctx context.Context, calls []llm.ToolCall, emit func(Event)) {
	for _, call := range calls {
		emit(ToolStart{ID: call.ID, Name: call.Name, Arguments: call.Arguments})
		start := time.Now()
		result := a.tools.Run(withProgress(ctx, call, emit), call.Name, call.Arguments)
		emit(ToolEnd{
			ID: call.ID, Name: call.Name, Arguments: call.Arguments,
			Err: result.Err, Elapsed: time.Since(start), Chars: result.Chars, Truncated: result.Truncated,
		})
		a.messages = append(a.messages, llm.Message{Role: llm.RoleTool, ToolCallID: call.ID, Content: result.Text})
	}
}

// skipCalls answers calls that will not run. Every call in a conversation
// needs its result: servers refuse a conversation with a call left
// unanswered.
func (a *Agent) skipCalls(calls []llm.ToolCall) {
	for _, call := range calls {
		a.messages = append(a.messages, llm.Message{
			Role: llm.RoleTool, ToolCallID: call.ID,
			Content: fmt.Sprintf("not run: the turn reached its limit of %d rounds of tool calls", MaxRounds),
		})
	}
}
