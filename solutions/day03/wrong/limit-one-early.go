// Wrong: stopping when round reaches MaxRounds-1 (or counting rounds from
// 1) runs one round fewer than the limit promises: a model that needs
// every round it may have is cut off just before its answer.
// Exercise: 1
// Caught by: self-check "a turn that calls tools forever stops at the round limit", TestRoundLimit, TestRoundLimitLetsTheLastRoundBeAnswered
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
		usage.Input += used.Input
		usage.Output += used.Output
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
		case round == MaxRounds-1:
			a.skipCalls(reply.ToolCalls, notRunLimit)
			emit(RoundLimit{Rounds: round + 1, Usage: usage})
			return
		}
		a.runCalls(ctx, reply.ToolCalls, emit)
	}
}
