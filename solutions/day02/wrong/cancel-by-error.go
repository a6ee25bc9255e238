// Wrong: asking the error whether the user cancelled works with ply's own
// client, whose stream reports the context's error; but a connection that
// Ctrl-C cuts may break with an error of its own, a reset or an EOF, and
// the cancel is then shown as a failure.
// Exercise: 4
// Caught by: self-check "a cancelled turn keeps what the user saw"
// Test exercise: 6
package agent

import (
	"context"
	"errors"

	"ply/day02/llm"
)

func (a *Agent) Send(ctx context.Context, text string, emit func(Event)) {
	a.messages = append(a.messages, llm.Message{Role: llm.RoleUser, Content: text})
	reply, usage, err := a.stream(ctx, emit)
	switch {
	case err == nil:
		a.messages = append(a.messages, llm.Message{Role: llm.RoleAssistant, Content: reply})
		emit(TurnDone{Usage: usage})
	case errors.Is(err, context.Canceled) && reply != "":
		a.messages = append(a.messages, llm.Message{Role: llm.RoleAssistant, Content: reply})
		emit(Cancelled{Kept: true})
	case errors.Is(err, context.Canceled):
		a.messages = a.messages[:len(a.messages)-1]
		emit(Cancelled{})
	default:
		a.messages = a.messages[:len(a.messages)-1]
		emit(Failed{Err: err})
	}
}
