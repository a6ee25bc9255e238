package llm

// This file holds the Mock's scenarios that change the workspace. On the
// playground, "run the tests and see which case fails" runs go test and
// names the failing case; "fix it" runs the tests to see what fails, reads
// the file the failure points at, guards the division there, and runs the
// tests again. Like every plan, each step is a pure function of the
// request and of the tool results of the turn so far: "fix it" runs the
// tests itself rather than remember what an earlier turn found.

import (
	"encoding/json"
	"fmt"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// goTest is the command the scenarios run the tests with.
const goTest = "go test ./..."

// runTests runs the tests and says which case fails, and how.
func runTests(_ string, results []toolResult) Message {
	if len(results) == 0 {
		return ask("Let me run the tests.", runCall(goTest, 0))
	}
	if msg := failure(results[0].output); msg != "" {
		return tell("I could not run the tests: %s", msg)
	}
	return tell("%s", readTestRun(results[0].output).summary())
}

// fixIt runs the tests, reads the file the failure points at, guards the
// division that fails, and runs the tests again: one tool call a step.
func fixIt(_ string, results []toolResult) Message {
	for _, r := range results {
		if msg := failure(r.output); msg != "" {
			return tell("I could not go on: %s %s failed: %s", r.call.Name, r.call.Arguments, msg)
		}
	}
	switch len(results) {
	case 0:
		return ask("First, let me see what fails.", runCall(goTest, 0))
	case 1:
		run := readTestRun(results[0].output)
		switch {
		case run.passed:
			return tell("The tests pass already: there is nothing to fix.")
		case run.file == "":
			return tell("%s But I cannot tell which file to change, so I will not guess.", run.summary())
		}
		return ask("", call("read_file", map[string]string{"path": run.file}))
	}
	file := fileOf(results[1].call)
	fix, ok := guardDivision(numbered(results[1].output))
	switch {
	case !ok:
		return tell("I read %s, but I only know how to fix a division by zero, and I see none to guard there.", file)
	case len(results) == 2:
		return ask("", editCall(file, fix.old, fix.new))
	case len(results) == 3:
		return ask("Now the tests again.", runCall(goTest, 0))
	}
	if run := readTestRun(results[3].output); !run.passed {
		return tell("The tests still fail after my edit. %s", run.summary())
	}
	return tell("Fixed: %s now returns %s when its divisor is 0, instead of dividing by it, and the tests pass.", fix.function, fix.err)
}

// runTheCommand runs the command a request names in backquotes, with the
// timeout it names, and says how it ended.
func runTheCommand(request string, results []toolResult) Message {
	m := runWhat.FindStringSubmatch(request)
	if m == nil {
		return tell("Which command? Put it in backquotes: run the command `go vet ./...`.")
	}
	if len(results) == 0 {
		timeout, _ := strconv.Atoi(m[2]) // digits, or "" for none: 0
		return ask("", runCall(m[1], timeout))
	}
	output := results[0].output
	if msg := failure(output); msg != "" {
		return tell("I could not run it: %s", msg)
	}
	lines := listed(output)
	ended := strings.Trim(lastLine(output), "()")
	ended, _, _ = strings.Cut(ended, " · ")
	if len(lines) == 0 {
		return tell("`%s` printed nothing and ended (%s).", m[1], ended)
	}
	return tell("`%s` ended (%s). Its last line of output: %q.", m[1], ended, lines[len(lines)-1])
}

// replaceIn makes the edit a request spells out: "replace `old` with
// `new` in FILE". A line is typed on one line, so "\n" in the backquotes
// stands for a line end.
func replaceIn(request string, results []toolResult) Message {
	m := replaceWhat.FindStringSubmatch(request)
	if m == nil {
		return tell("Say it like this: replace `old text` with `new text` in calc.go.")
	}
	if len(results) == 0 {
		lineEnds := strings.NewReplacer(`\n`, "\n")
		return ask("", editCall(strings.TrimRight(m[3], ".,;:!?"), lineEnds.Replace(m[1]), lineEnds.Replace(m[2])))
	}
	if msg := failure(results[0].output); msg != "" {
		return tell("I could not make the edit: %s", msg)
	}
	return tell("Done: %s.", strings.SplitN(results[0].output, "\n", 2)[0])
}

var (
	runWhat     = regexp.MustCompile("(?i)\\brun the command\\s+`([^`]+)`(?:\\s+within\\s+(\\d+)\\s+seconds?)?")
	replaceWhat = regexp.MustCompile("(?i)\\breplace\\s+`([^`]+)`\\s+with\\s+`([^`]*)`\\s+in\\s+(\\S+)")
)

// runCall makes a run_command call; a timeout of 0 leaves timeout_s out,
// for the tool's own default.
func runCall(command string, timeoutS int) ToolCall {
	args := map[string]any{"command": command}
	if timeoutS > 0 {
		args["timeout_s"] = timeoutS
	}
	return ToolCall{Name: "run_command", Arguments: marshal(args)}
}

// editCall makes an edit_file call, with its path first, as models write
// them.
func editCall(path, old, new string) ToolCall {
	args := struct {
		Path      string `json:"path"`
		OldString string `json:"old_string"`
		NewString string `json:"new_string"`
	}{path, old, new}
	return ToolCall{Name: "edit_file", Arguments: marshal(args)}
}

// marshal writes the arguments of a call as JSON, with "&", "<" and ">"
// as they are: a model writes "a && b", not "a \u0026\u0026 b".
func marshal(args any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(args); err != nil {
		panic("llm: the Mock's arguments do not marshal: " + err.Error()) // a mistake in the script
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// fileOf returns the path a read_file call asked for.
func fileOf(c ToolCall) string {
	var args struct{ Path string }
	_ = json.Unmarshal([]byte(c.Arguments), &args) // the Mock wrote them: they are JSON
	return args.Path
}

// lastLine returns the last line of text that is not empty.
func lastLine(text string) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	return lines[len(lines)-1]
}

// testRun is what the Mock reads in the output of go test.
type testRun struct {
	passed  bool     // the command ended with exit code 0
	cases   []string // the failing cases, innermost subtests only
	panic   string   // what a panic said, if one ended the tests
	where   string   // the function that panicked and its place, "calc.Div at calc.go:20"
	file    string   // the file of that place, relative to the workspace's top
	message string   // the first line a failing case logged, when none panicked
	first   string   // the first line of output, for a build that failed
}

// readTestRun reads the output of go test, as run_command returns it.
func readTestRun(output string) testRun {
	run := testRun{passed: strings.Contains(output, "(exit code 0 ·")}
	lines := strings.Split(output, "\n")
	run.first = lines[0]
	for _, m := range failLine.FindAllStringSubmatch(output, -1) {
		run.cases = append(run.cases, m[1])
	}
	run.cases = innermost(run.cases)
	if m := panicLine.FindStringSubmatch(output); m != nil {
		run.panic = m[1]
		run.where, run.file = panicPlace(lines)
	}
	if m := logLine.FindStringSubmatch(output); m != nil {
		run.message = m[1]
	}
	return run
}

var (
	failLine  = regexp.MustCompile(`(?m)^\s*--- FAIL: (\S+)`)
	panicLine = regexp.MustCompile(`(?m)^panic: (.+?)(?: \[recovered.*\])?$`)
	logLine   = regexp.MustCompile(`(?m)^\s+(\S+_test\.go:\d+: .*)$`)
	frameFile = regexp.MustCompile(`^\t(\S+\.go):(\d+)`)
)

// innermost keeps the cases that have no failing subtest of their own:
// TestDiv fails because TestDiv/by_zero does.
func innermost(cases []string) []string {
	var leaves []string
	for _, c := range cases {
		parent := false
		for _, other := range cases {
			parent = parent || strings.HasPrefix(other, c+"/")
		}
		if !parent {
			leaves = append(leaves, c)
		}
	}
	return leaves
}

// panicPlace finds, in the stack a panic printed, the first function of
// the code under test: not the runtime's, not the testing package's, and
// not in a test file. The stack names each function on one line and its
// file and line on the next, by an absolute path; the file is returned by
// its name alone, as the playground keeps its code at its top.
func panicPlace(lines []string) (where, file string) {
	for i := 1; i < len(lines); i++ {
		m := frameFile.FindStringSubmatch(lines[i])
		function, _, _ := strings.Cut(lines[i-1], "(")
		if m == nil || strings.HasPrefix(function, "runtime.") || strings.HasPrefix(function, "testing.") ||
			function == "panic" || strings.HasSuffix(m[1], "_test.go") {
			continue
		}
		name := path.Base(m[1])
		return fmt.Sprintf("%s at %s:%s", function, name, m[2]), name
	}
	return "", ""
}

// summary says in a sentence what the test run found.
func (r testRun) summary() string {
	switch {
	case r.passed:
		return "All the tests pass."
	case len(r.cases) == 0:
		return fmt.Sprintf("The tests did not run: %s", r.first)
	}
	which := strings.Join(r.cases, " and ") + " fails"
	if len(r.cases) > 1 {
		which = strings.Join(r.cases, " and ") + " fail"
	}
	switch {
	case r.panic != "" && r.where != "":
		return fmt.Sprintf("%s: it panics with %q, in %s.", which, r.panic, r.where)
	case r.panic != "":
		return fmt.Sprintf("%s: it panics with %q.", which, r.panic)
	case r.message != "":
		return fmt.Sprintf("%s: %s", which, r.message)
	}
	return which + "."
}

// division is the Mock's one fix: a guard before a division that can be
// by zero.
type division struct {
	function string // the function that divides, such as Div
	err      string // the error it returns for a zero divisor, such as ErrDivideByZero
	old, new string // the edit: the function's first lines, then the same with the guard
}

// guardDivision finds, in the lines of a Go file, an error variable
// Err… and a function whose first line returns "a / b, nil", and makes the
// edit that returns that error when b is 0. The edit quotes the function's
// first line with the division, so that it is unique in the file.
func guardDivision(lines []string) (division, bool) {
	var d division
	for _, line := range lines {
		if m := errVar.FindStringSubmatch(line); m != nil {
			d.err = m[1]
			break
		}
	}
	for i := 1; i < len(lines) && d.err != ""; i++ {
		f, m := funcLine.FindStringSubmatch(lines[i-1]), divides.FindStringSubmatch(lines[i])
		if f == nil || m == nil {
			continue
		}
		indent, divisor := m[1], m[2]
		d.function = f[1]
		d.old = lines[i-1] + "\n" + lines[i]
		d.new = fmt.Sprintf("%s\n%sif %s == 0 {\n%s\treturn 0, %s\n%s}\n%s", lines[i-1], indent, divisor, indent, d.err, indent, lines[i])
		return d, true
	}
	return division{}, false
}

var (
	errVar   = regexp.MustCompile(`^var (Err\w+) = `)
	divides  = regexp.MustCompile(`^(\s*)return \w+ / (\w+), nil$`)
	funcLine = regexp.MustCompile(`^func (\w+)\(`)
)
