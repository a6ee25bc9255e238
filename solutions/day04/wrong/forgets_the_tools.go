// Wrong: going back to before the turn, as day 3 did, makes the model forget the files it wrote and the commands it ran.
// Exercise: 4
// Caught by: TestFailedTurn/after_one_round, TestFailedTurnThenAgain, self-check "a failed turn keeps the rounds whose tools ran, and only them"
package agent

func (a *Agent) failed(before int, err error, emit func(Event)) {
	a.messages = a.messages[:before]
	emit(Failed{Err: err})
}
