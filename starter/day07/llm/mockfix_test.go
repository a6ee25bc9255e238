package llm

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The outputs of go test on the playground, as run_command returns them:
// before the fix, and after it.
const (
	testsFail = `--- FAIL: TestDiv (0.00s)
    --- FAIL: TestDiv/by_zero (0.00s)
panic: runtime error: integer divide by zero [recovered, repanicked]

goroutine 12 [running]:
testing.tRunner.func1.2({0x55b800, 0x6cbcd0})
	/usr/local/go/src/testing/testing.go:1974 +0x232
testing.tRunner.func1()
	/usr/local/go/src/testing/testing.go:1977 +0x349
panic({0x55b800?, 0x6cbcd0?})
	/usr/local/go/src/runtime/panic.go:860 +0x13a
calc.Div(...)
	/tmp/ply-demo-1234/calc.go:20
calc.TestDiv.func1(0x3aeb5d7dcd88?)
	/tmp/ply-demo-1234/calc_test.go:28 +0x19d
testing.tRunner(0x3aeb5d7dcd88, 0x3aeb5d74eb00)
	/usr/local/go/src/testing/testing.go:2036 +0xea
created by testing.(*T).Run in goroutine 8
	/usr/local/go/src/testing/testing.go:2101 +0x4c5
FAIL	calc	0.012s
FAIL
(exit code 1 · 0.61s)`
	testsPass     = "ok  \tcalc\t0.003s\n(exit code 0 · 0.52s)"
	testsWrong    = "--- FAIL: TestDiv (0.00s)\n    --- FAIL: TestDiv/by_zero (0.00s)\n        calc_test.go:30: Div(1, 0) = 0, <nil>; want 0, calc: divide by zero\nFAIL\nFAIL\tcalc\t0.004s\nFAIL\n(exit code 1 · 0.40s)"
	testsNotBuilt = "# calc\n./calc.go:3:1: syntax error: non-declaration statement outside function body\nFAIL\tcalc [build failed]\nFAIL\n(exit code 1 · 0.20s)"
)

// playgroundRead is calc.go of the playground as read_file shows it.
func playgroundRead(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "testdata", "playground", "calc.go"))
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		fmt.Fprintf(&out, "%6d\t%s\n", i+1, line)
	}
	return out.String()
}

// converse asks the Mock request, answers each tool call it makes with
// the next of outputs, and returns its reply after the last of them.
func converse(t *testing.T, request string, outputs ...string) Message {
	t.Helper()
	msgs := []Message{{Role: RoleSystem, Content: "system"}, {Role: RoleUser, Content: request}}
	for _, output := range outputs {
		msg := reply(Request{Messages: msgs, Tools: allTools})
		if len(msg.ToolCalls) != 1 {
			t.Fatalf("after %d results the Mock said %+v, want one tool call", len(msgs)/2-1, msg)
		}
		msgs = append(msgs, msg, Message{Role: RoleTool, ToolCallID: msg.ToolCalls[0].ID, Content: output})
	}
	return reply(Request{Messages: msgs, Tools: allTools})
}

func TestMockFixPlans(t *testing.T) {
	calc := playgroundRead(t)
	edited := "edited calc.go: replaced 1 occurrence\n    19\tfunc Div(a, b int) (int, error) {\n"
	guard := `{"path":"calc.go","old_string":"func Div(a, b int) (int, error) {\n\treturn a / b, nil",` +
		`"new_string":"func Div(a, b int) (int, error) {\n\tif b == 0 {\n\t\treturn 0, ErrDivideByZero\n\t}\n\treturn a / b, nil"}`
	tests := []struct {
		name     string
		request  string
		outputs  []string
		wantCall string // the call of the reply, as "name arguments"; "" for none
		wantText string // a part of its text
	}{
		{"run the tests", "run the tests and see which case fails", nil, `run_command {"command":"go test ./..."}`, "Let me run the tests."},
		{"the failing case, from a panic", "run the tests and see which case fails", []string{testsFail}, "",
			`TestDiv/by_zero fails: it panics with "runtime error: integer divide by zero", in calc.Div at calc.go:20.`},
		{"the failing case, from its message", "run the tests", []string{testsWrong}, "",
			"TestDiv/by_zero fails: calc_test.go:30: Div(1, 0) = 0, <nil>; want 0, calc: divide by zero"},
		{"all pass", "run the tests", []string{testsPass}, "", "All the tests pass."},
		{"not built", "run the tests", []string{testsNotBuilt}, "", "The tests did not run: # calc"},
		{"the tool fails", "run the tests", []string{"error: start the shell: no sh"}, "", "I could not run the tests: start the shell: no sh"},

		{"fix it: first the tests", "fix it", nil, `run_command {"command":"go test ./..."}`, "First, let me see what fails."},
		{"fix it: read the file of the panic", "fix it", []string{testsFail}, `read_file {"path":"calc.go"}`, ""},
		{"fix it: guard the division", "fix it", []string{testsFail, calc}, "edit_file " + guard, ""},
		{"fix it: the tests again", "fix it", []string{testsFail, calc, edited}, `run_command {"command":"go test ./..."}`, "Now the tests again."},
		{"fix it: green", "fix it", []string{testsFail, calc, edited, testsPass}, "",
			"Fixed: Div now returns ErrDivideByZero when its divisor is 0, instead of dividing by it, and the tests pass."},
		{"fix it: still red", "fix it", []string{testsFail, calc, edited, testsWrong}, "", "The tests still fail after my edit. TestDiv/by_zero fails"},
		{"fix it: nothing to fix", "fix it", []string{testsPass}, "", "The tests pass already: there is nothing to fix."},
		{"fix it: no file to blame", "fix it", []string{testsWrong}, "", "But I cannot tell which file to change"},
		{"fix it: no division", "fix it", []string{testsFail, "     1\tpackage calc\n"}, "", "I see none to guard there."},
		{"fix it: the edit fails", "fix it", []string{testsFail, calc, "error: calc.go: old_string is not in the file"}, "",
			`I could not go on: edit_file`},

		{"run a command", "run the command `sleep 5` within 1 second", nil, `run_command {"command":"sleep 5","timeout_s":1}`, ""},
		{"run a command without a timeout", "run the command `ls`", nil, `run_command {"command":"ls"}`, ""},
		{"a command timed out", "run the command `sleep 5` within 1 second",
			[]string{"(no output)\n(killed: it ran past its timeout of 1s, and its process group was killed with it · 1.00s)"}, "",
			"`sleep 5` printed nothing and ended (killed: it ran past its timeout of 1s, and its process group was killed with it)."},
		{"a command's last line", "run the command `echo hi; exit 3`", []string{"hi\n(exit code 3 · 0.01s)"}, "",
			"`echo hi; exit 3` ended (exit code 3). Its last line of output: \"hi\"."},
		{"no command named", "run the command ls", nil, "", "Which command?"},

		{"replace", "replace `x := 1` with `x := 2` in twice.txt", nil,
			`edit_file {"path":"twice.txt","old_string":"x := 1","new_string":"x := 2"}`, ""},
		{"replace, refused", "replace `x := 1` with `x := 2` in twice.txt",
			[]string{"error: twice.txt: old_string occurs 2 times, at lines 1 and 2; quote more lines around the change to make it unique, or set replace_all"}, "",
			"I could not make the edit: twice.txt: old_string occurs 2 times, at lines 1 and 2"},
		{"replace, done", "replace `x := 1` with `x := 2` in once.txt.", []string{"edited once.txt: replaced 1 occurrence\n     1\tx := 2\n"}, "",
			"Done: edited once.txt: replaced 1 occurrence."},
		{"replace, unclear", "replace x with y", nil, "", "Say it like this"},
		{"replace lines", "replace `a\\nb` with `a && b` in f.go", nil, `edit_file {"path":"f.go","old_string":"a\nb","new_string":"a && b"}`, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			msg := converse(t, tt.request, tt.outputs...)
			var gotCall string
			if len(msg.ToolCalls) == 1 {
				gotCall = msg.ToolCalls[0].Name + " " + msg.ToolCalls[0].Arguments
			}
			if gotCall != tt.wantCall || len(msg.ToolCalls) > 1 {
				t.Errorf("the Mock called %+v, want %s", msg.ToolCalls, tt.wantCall)
			}
			if !strings.Contains(msg.Content, tt.wantText) {
				t.Errorf("the Mock said %q, want it to say %q", msg.Content, tt.wantText)
			}
		})
	}
}
