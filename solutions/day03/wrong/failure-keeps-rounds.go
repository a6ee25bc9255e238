// Wrong: leaving the conversation as it is on a failure, as a cancel does,
// keeps the question and the rounds that finished: the turn ends in an
// error, and the next question follows half an answer.
// Exercise: 1
// Caught by: self-check "a failed turn leaves the conversation as it was", TestFailedTurnLeavesNothing
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
