// Package lab makes the course's labs from its day modules.
//
// A day's reference code marks each function a student writes with a
// directive, the last line of the function's doc comment:
//
//	// lastUser returns the content of the most recent user message, or ""
//	// when the conversation has none.
//	//
//	//lab:exercise 1 Walk msgs from the end and return the content of the first message ...
//	func lastUser(msgs []Message) string {
//
// The number names the exercise (several functions may share one), and the
// rest of the line is the hint. In the starter the directive is gone, and
// the body is a hole: the hint as a TODO, and a return of zero values that
// compiles, never panics and never blocks:
//
//	func lastUser(msgs []Message) string {
//		// TODO(lab 1): Walk msgs from the end and return the content of the first
//		// message ...
//		// See "Exercise 1" in README.md.
//		return ""
//	}
//
// An error result gets errors.New("exercise N is not done yet") rather
// than nil, so that an unfinished exercise never passes for a success.
//
// [Generate] writes two trees beside the days, and [Check] says where they
// are out of date:
//
//	starter/go.work            a workspace of every starter day
//	starter/README.md          how a student uses the starter
//	starter/dayNN/...          every file of dayNN, with the holes
//	solutions/go.mod           a module no workspace uses, so that answer files never break a build
//	solutions/README.md        what the answer keys are
//	solutions/dayNN/...        the files of dayNN that have holes, as they are in dayNN
//	solutions/dayNN/README.md  the worked answers, written by hand: never generated or deleted
package lab
