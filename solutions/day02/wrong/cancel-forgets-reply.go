// Wrong: forgetting the whole turn on Ctrl-C looks clean, but the user saw
// part of an answer and stopped it on purpose; their next message ("no,
// shorter", "go on") means nothing to a model that never saw that part.
// Exercise: 4
// Caught by: self-check "a cancelled turn keeps what the user saw", TestCtrlCCancelsTheReply
// Test exercise: 6
package agent

import (
	"context"

	"ply/day02/llm"
)

func (a *Agent) Send(ctx context.Context, text string, emit func(Event)) {
	a.messages = append(a.messages, llm.Message{Role: llm.RoleUser, Content: text})
	reply, usage, err := a.stream(ctx, emit)
	switch {
	case err == nil:
		a.messages = append(a.messages, llm.Message{Role: llm.RoleAssistant, Content: reply})
		emit(TurnDone{Usage: usage})
	case ctx.Err() != nil:
		a.messages = a.messages[:len(a.messages)-1]
		emit(Cancelled{})
	default:
		a.messages = a.messages[:len(a.messages)-1]
		emit(Failed{Err: err})
	}
}
