// Wrong: keeping the user's message after a Ctrl-C that came before any
// text leaves it unanswered, and the next turn sends two user messages in
// a row.
// Exercise: 4
// Caught by: self-check "a cancelled turn keeps what the user saw"
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
	case ctx.Err() != nil && reply != "":
		a.messages = append(a.messages, llm.Message{Role: llm.RoleAssistant, Content: reply})
		emit(Cancelled{Kept: true})
	case ctx.Err() != nil:
		emit(Cancelled{})
	default:
		a.messages = a.messages[:len(a.messages)-1]
		emit(Failed{Err: err})
	}
}
