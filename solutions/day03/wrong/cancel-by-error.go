// Wrong: asking the error whether the user cancelled works when the stream
// reports the context's error; but a connection that Ctrl-C cuts may break
// with an error of its own, and the cancel is shown as a failure that
// throws the finished rounds away.
// Exercise: 1
// Caught by: self-check "a cancelled turn keeps the rounds that finished and the text shown", TestCancelledTurn
package agent

import (
	"context"
	"errors"

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
		case errors.Is(err, context.Canceled):
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
