// Wrong: keeping the user's message after a Ctrl-C that came before any
// text leaves it unanswered, and the next turn sends two user messages in
// a row.
// Exercise: 1
// Caught by: TestCancelKeepsFinishedRounds, TestCancelledTurn
package agent

import "ply/day03/llm"

func (a *Agent) cancelled(before int, text string, emit func(Event)) {
	if text != "" {
		a.messages = append(a.messages, llm.Message{Role: llm.RoleAssistant, Content: text})
	}
	emit(Cancelled{Kept: len(a.messages) > before+1})
}
