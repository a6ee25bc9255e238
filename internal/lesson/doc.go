// Package lesson reads the course's markdown, its lessons and answer keys,
// for the claims they make about the code, so that the course's checks can
// hold each claim to what the code is and what the program prints.
//
// # Markers
//
// A marker is an HTML comment on a line of its own. Markdown renders it as
// nothing, so the reader sees only what follows it. Inside a fenced code
// block a marker is text, so a lesson can show one without making one.
//
// A quote is a marker followed at once by a fenced code block that must
// equal the code it names, but for the newlines at its end:
//
//	<!-- quote llm/mock.go reply -->
//	```go
//	func reply(msgs []Message) string {
//	...
//	}
//	```
//
// It names a file, relative to the folder of the code the lesson is
// about, and optionally a part of that file:
//
//	<!-- quote FILE -->                     the whole file
//	<!-- quote FILE.go NAME -->             a func, type, var or const
//	<!-- quote FILE.go Type.Method -->      a method, whatever its receiver
//	<!-- quote SCRIPT.txtar want.txt -->    a file of a testscript archive
//
// A declaration is quoted from its keyword to the end of its last line,
// without its doc comment; a name declared in a group, such as var (...),
// quotes the whole group. A file of an archive is quoted as it is; when
// the script compares the program's output with it (cmp stdout want.txt),
// the quote is a transcript that the script's run holds true. go run
// ./cmd/lab rewrites every quote from the code; go run ./cmd/lab -check,
// and the course's tests, name every quote that differs.
//
// An output is a marker followed at once by a fenced block that shows what
// the day's self-check printed:
//
//	<!-- output selfcheck starter -->           all of what the starter prints
//	<!-- output selfcheck reference -->         all of what the day prints
//	<!-- output selfcheck wrong/NAME.go -->     lines of what it prints with that wrong answer in place
//
// The block may start with the command, on lines that begin with "$ ",
// and end with the "exit status 1" that go run adds when a check fails.
// For starter and reference, the rest must be the whole output; for a
// wrong answer it may leave lines out, so that a key shows only the line
// that matters and the tally, but what it shows must be there, in order.
// A path into a temporary folder, /tmp/ply-selftest-2126950816/secret.txt,
// stands for the one the run made, wherever it is.
//
// A green marker states which checks an exercise turns green, and stands
// before the sentence of the lesson that says so:
//
//	<!-- green 3,4: TestOpenAIRequest, "openai posts the conversation to /chat/completions" -->
//
// With exercises 3 and 4 done and every other exercise a hole, each named
// test (a go test -run name) and each quoted self-check line passes. A
// paragraph that says "turns green" must have one before it.
//
// # Plain text that is checked too
//
// Every tally a lesson or key states, such as `5/19 passed` in backticks,
// counts the day's checks; on a line that speaks of the starter it is the
// starter's own. A fenced block that looks like a self-check's output (a
// line "K/N passed", or lines that start with ✓ or ✗) needs an output
// marker. An answer key names each wrong answer of the day by its file,
// `wrong/NAME.go`, and each name it gives is a file there.
//
// The lengths a lesson's reading map gives are the lines of the files it
// links, and a line the prose cites, capture_test.go:52, is where the code
// has what it says (see citation): go run ./cmd/lab writes both. A name
// of code in backticks, `tools.NewWorkspace` or `ErrEventTooLong`, is one
// the code declares where the name says (see NameProblems).
package lesson
