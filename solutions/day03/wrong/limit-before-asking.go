// Wrong: checking the limit at the top of the loop, before the model is
// asked, looks tidy; but the reply of the last round is never requested,
// so a model that needs exactly MaxRounds rounds never gets to answer.
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
	for round := 0; round < MaxRounds; round++ {
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
		if len(reply.ToolCalls) == 0 {
			emit(TurnDone{Usage: usage})
			return
		}
		a.runCalls(ctx, reply.ToolCalls, emit)
	}
	emit(RoundLimit{Rounds: MaxRounds, Usage: usage})
}
