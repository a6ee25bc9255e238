// Package lab makes the course's labs from its day modules, and checks
// them: it reads the lab's directives, writes the starter and the answer
// keys, keeps the wrong answers the keys describe as code, builds a day
// with all its variants at once, makes mutants, and is what the student's
// companion, go run ./cmd/lab, runs on.
//
// # The lab's format, version 2
//
// A day's reference code marks each function a student writes with
// directives that end the function's doc comment:
//
//	// lastUser returns the content of the most recent user message, or ""
//	// when the conversation has none.
//	//
//	//lab:exercise 1 Return the content of the most recent user message, or "" when the conversation has none.
//	//lab:hint Where to look: isUser tells a user's message.
//	//lab:hint The approach: walk msgs from the end.
//	//lab:hint The pitfall: the last message is not always the user's.
//	func lastUser(msgs []Message) string {
//
// The number names the exercise (several functions may share one), and the
// rest of the line is its contract: what the function must do, in at most
// three lines of the hole. The hints are a ladder of two or three rungs,
// on the exercise's first function (by file, then line); they never reach
// the starter, and go run ./cmd/lab hint DAY N shows them one at a time.
// In the starter the directives are gone, and the body is a hole: the
// contract as a TODO, a pointer, and a return of zero values that
// compiles, never panics and never blocks:
//
//	func lastUser(msgs []Message) string {
//		// TODO(lab 1): Return the content of the most recent user message, or ""
//		// when the conversation has none.
//		// See "Exercise 1" in README.md; for hints: go run ./cmd/lab hint day01 1
//		return ""
//	}
//
// An error result gets errors.New("exercise N is not done yet") rather
// than nil, so that an unfinished exercise never passes for a success. On
// a test function, func TestXxx(t *testing.T) in a _test.go file, the
// exercise is a test the student writes, and the hole fails it with
// t.Fatal until then. A comment that looks like a directive and is not one
// (// lab:exercise, //lab:exrecise, //lab :hint) is an error.
//
// A wrong answer is a file solutions/dayNN/wrong/NAME.go (see Wrong), whose
// functions replace the exercise's, with a header that says which checks
// must catch it.
//
// # What the lab writes
//
// [Generate] writes two trees beside the days, and [Check] says where they
// are out of date:
//
//	starter/go.work            a workspace of every starter day
//	starter/README.md          how a student uses the starter
//	starter/lab.sum            what the lab last wrote in starter/, so that it never overwrites a student's work
//	starter/dayNN/...          every file of dayNN, with the holes
//	solutions/go.mod           a module no workspace uses, so that answer files never break a build
//	solutions/README.md        what the answer keys are
//	solutions/dayNN/...        the files of dayNN that have holes, as they are in dayNN
//	solutions/dayNN/README.md  the worked answers, written by hand: never generated or deleted
//	solutions/dayNN/wrong/     the wrong answers, written by hand: never generated or deleted
//
// # Checking a lab
//
// A lab's checks run the day in many variants: the starter, each exercise
// done alone, each wrong answer in place, each mutant. [Variants] and
// [BuildProbe] build the day once with all of them, and each run of the
// [Probe] picks one.
package lab
