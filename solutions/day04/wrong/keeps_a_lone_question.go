// Wrong: keeping the user's message when no tool ran leaves it unanswered, and asking again puts two user messages in a row.
// Exercise: 4
// Caught by: TestFailedTurn/before_any_tool, TestTurns/refused_before_the_stream, self-check "a failed turn keeps the rounds whose tools ran, and only them"
package agent

func (a *Agent) failed(before int, err error, emit func(Event)) {
	emit(Failed{Err: err})
}
