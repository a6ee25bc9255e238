// Wrong: keeping the partial reply after a failure too, the way a cancel
// does, means the user asks again and the model reads the question twice,
// with a broken answer of its own between them.
// Exercise: 4
// Caught by: self-check "a failed turn leaves the conversation as it was", TestTurns/broken_mid-stream
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
	case reply != "":
		a.messages = append(a.messages, llm.Message{Role: llm.RoleAssistant, Content: reply})
		if ctx.Err() != nil {
			emit(Cancelled{Kept: true})
		} else {
			emit(Failed{Err: err})
		}
	case ctx.Err() != nil:
		a.messages = a.messages[:len(a.messages)-1]
		emit(Cancelled{})
	default:
		a.messages = a.messages[:len(a.messages)-1]
		emit(Failed{Err: err})
	}
}
