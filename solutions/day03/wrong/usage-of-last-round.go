// Wrong: keeping the usage of the last request, as day 2's one-round Send
// could, reports a fraction of what a turn of many rounds cost.
// Exercise: 1
// Caught by: self-check "a turn that calls tools forever stops at the round limit", TestRoundLimit, TestLoop
package agent

import (
	"context"

	"ply/day03/llm"
)

func (a *Agent) Send(ctx context.Context, text string, emit func(Event)) {
	before := len(a.messages)
	a.messages = append(a.messages, llm.Message{Role: llm.RoleUser, Content: text})
	var usage llm.Usage
	for round := 0; ; round++ { // round counts the rounds of tool calls run so far
		reply, used, err := a.stream(ctx, emit)
		usage = used
		switch {
		case err != nil && ctx.Err() != nil:
			a.cancelled(before, reply.Content, emit)
			return
		case err != nil:
			a.messages = a.messages[:before]
			emit(Failed{Err: err})
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
