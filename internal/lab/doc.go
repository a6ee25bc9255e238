// Package lab makes the course's labs from its day modules, and checks
// them: it reads the lab's directives, writes the starter and the answer
// keys, keeps the wrong answers the keys describe as code, builds a day
// with all its variants at once, makes mutants, shows what a day adds to
// the one before (see Layer), and is what the student's companion, go run
// ply/cmd/lab, runs on.
//
// # The lab's format, version 2
//
// A day's reference code marks each exercise with one line, its contract,
// at the end of the doc comment of its first function:
//
//	// lastUser returns the content of the most recent user message, or ""
//	// when the conversation has none.
//	//
//	//lab:exercise 1 Return the content of the most recent user message, or "" when the conversation has none.
//	func lastUser(msgs []Message) string {
//
// The number names the exercise, and the rest of the line is its
// contract: what the function must do, in at most three lines of the hole.
// What else the lab needs of the exercise sits beside the code, in the
// day's sidecar, lab.md (SidecarFile), so that a student reading the
// reference code reads one lab line per exercise:
//
//	## Exercise 1: `lastUser` in llm/mock.go
//
//	1. Where to look: isUser tells a user's message.
//	2. The approach: walk msgs from the end.
//	3. The pitfall: the last message is not always the user's.
//
//	- `scriptReply` in llm/mock.go: Return the reply of the first rule that matches.
//	- scripts: `repl_conversation`, `selftest`
//
// A section opens with a heading that names the exercise's first function
// and its file, as the code has them; then its hint ladder, two or three
// numbered rungs, which go run ply/cmd/lab hint DAY N shows one at a time;
// then, as a list, each other function the exercise's hole takes in, with
// its contract, and the scripts of the day's testscript suite that fail
// until the exercise is done: the starter opens each such script with a
// comment naming its exercises (see ScriptNote), which testscript prints
// when it fails. An item may go on over lines that start with two spaces.
// Words before the first section are the reader's, and the lab skips them;
// any other line in a section is an error, named by its line. The sidecar
// never reaches the starter.
//
// In the starter the directive is gone, and the body of each function of
// the exercise is a hole: the contract as a TODO, a pointer, and a return
// of zero values that compiles, never panics and never blocks:
//
//	func lastUser(msgs []Message) string {
//		// TODO(lab 1): Return the content of the most recent user message, or ""
//		// when the conversation has none.
//		// See "Exercise 1" in README.md; for hints: go run ply/cmd/lab hint day01 1
//		return ""
//	}
//
// An error result gets an error that says "exercise N is not done yet"
// rather than nil, so that an unfinished exercise never passes for a
// success. It is made with errors.New or fmt.Errorf when the file uses
// that package outside its holes, and otherwise by notDone, a helper the
// starter adds at the end of the file, so that a filled hole never leaves
// an import unused. On a test function, func TestXxx(t *testing.T) in a
// _test.go file, the exercise is a test the student writes, and the hole
// fails it with t.Fatal until then. A comment that looks like a directive
// and is not one (// lab:exercise, //lab:exrecise) is an error.
//
// The format before the sidecar, a ladder of //lab:hint lines after the
// contract and a //lab:exercise line on every function of an exercise, is
// still read, so that a day written that way builds; [OldPlace] names each
// such line, and says where it goes.
//
// A wrong answer is a file solutions/dayNN/wrong/NAME.go (see Wrong), whose
// functions replace the exercise's, with a header that says which checks
// must catch it.
//
// # What the lab writes
//
// [Generate] writes three trees beside the days, and [Check] says where
// they are out of date:
//
//	starter/go.work            a workspace of every starter day, and of the root module
//	starter/go.work.sum        the root's go.work.sum: the same modules need the same sums
//	starter/README.md          how a student uses the starter
//	starter/lab.sum            what the lab last wrote in starter/, so that it never overwrites a student's work
//	starter/dayNN/...          every file of dayNN, with the holes
//	solutions/go.mod           a module no workspace uses, so that answer files never break a build
//	solutions/README.md        what the answer keys are
//	solutions/dayNN/...        the files of dayNN that have holes, as they are in dayNN
//	solutions/dayNN/README.md  the worked answers, written by hand: never generated or deleted
//	solutions/dayNN/wrong/     the wrong answers, written by hand: never generated or deleted
//	checks/dayNN/day_test.go   the course's checks of dayNN, a package each, when the root is a module
//
// # Checking a lab
//
// A lab's checks run the day in many variants: the starter, each exercise
// done alone, each wrong answer in place, each mutant. [Variants] and
// [BuildProbe] build the day once with all of them, and each run of the
// [Probe] picks one.
package lab
