// Wrong: forgetting the whole turn on Ctrl-C looks clean, but the user saw
// the rounds that finished, and the tools really ran: the next question
// ("go on") means nothing to a model that never saw them.
// Exercise: 1
// Caught by: self-check "a cancelled turn keeps the rounds that finished and the text shown", TestCancelKeepsFinishedRounds
package agent

func (a *Agent) cancelled(before int, text string, emit func(Event)) {
	a.messages = a.messages[:before]
	emit(Cancelled{})
}
