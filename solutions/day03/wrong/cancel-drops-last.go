// Wrong: taking back the last message on a cancel, as day 2 did, is right
// only in round 1; in round 2 it takes back a tool result, and the
// conversation keeps a call with no answer, which the server refuses.
// Exercise: 1
// Caught by: self-check "a cancelled turn keeps the rounds that finished and the text shown", TestCancelKeepsFinishedRounds
package agent

import "ply/day03/llm"

func (a *Agent) cancelled(before int, text string, emit func(Event)) {
	a.messages = a.messages[:len(a.messages)-1]
	if text != "" {
		a.messages = append(a.messages, llm.Message{Role: llm.RoleAssistant, Content: text})
	}
	if len(a.messages) == before+1 {
		// Only the user's message is left: the turn showed nothing.
		a.messages = a.messages[:before]
		emit(Cancelled{})
		return
	}
	emit(Cancelled{Kept: true})
}
