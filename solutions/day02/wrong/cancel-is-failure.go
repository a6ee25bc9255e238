// Wrong: treating every error as a failure shows Ctrl-C as an error, and
// throws away the text the user saw and chose to stop.
// Exercise: 4
// Caught by: self-check "a cancelled turn keeps what the user saw", TestCtrlCCancelsTheReply, TestScripts/stream_ctrl_c
// Test exercise: 6
package agent

import (
	"context"

	"ply/day02/llm"
)

func (a *Agent) Send(ctx context.Context, text string, emit func(Event)) {
	a.messages = append(a.messages, llm.Message{Role: llm.RoleUser, Content: text})
	reply, usage, err := a.stream(ctx, emit)
	if err != nil {
		a.messages = a.messages[:len(a.messages)-1]
		emit(Failed{Err: err})
		return
	}
	a.messages = append(a.messages, llm.Message{Role: llm.RoleAssistant, Content: reply})
	emit(TurnDone{Usage: usage})
}
