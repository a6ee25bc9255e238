package selftest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"unicode"

	"ply/day07/agent"
	"ply/day07/approval"
	"ply/day07/llm"
	"ply/day07/llm/llmtest"
	"ply/day07/tools"
	"ply/day07/ui"
)

// typed is the REPL's source of lines as the asker sees it: lines, then
// the end of the input.
func typed(lines ...string) <-chan string {
	ch := make(chan string, len(lines))
	for _, l := range lines {
		ch <- l
	}
	close(ch)
	return ch
}

// asked puts q to the terminal asker, with lines typed in answer, and
// returns the answer and what the question printed.
func asked(ctx context.Context, q approval.Question, lines ...string) (approval.Answer, string) {
	var out bytes.Buffer
	answer := ui.NewTerminalAsker(&out, typed(lines...)).Ask(ctx, q)
	return answer, out.String()
}

var goTest = approval.Question{Tool: "run_command", Command: "go test ./...", Reason: "go is not on the allow-list", Grant: "run_command: go test ./..."}

func answersUnderstood(ctx context.Context) error {
	tests := []struct {
		lines []string
		want  approval.Answer
	}{
		{[]string{"y"}, approval.Answer{Reply: approval.Yes}},
		{[]string{"Always"}, approval.Answer{Reply: approval.Always}},
		{[]string{"n"}, approval.Answer{Reply: approval.No}},
		{[]string{"n  use the other file "}, approval.Answer{Reply: approval.No, Reason: "use the other file"}},
		{[]string{"", "yes please", "YES"}, approval.Answer{Reply: approval.Yes}},
		{[]string{"yes, but not that file", "no"}, approval.Answer{Reply: approval.No}},
		{[]string{"", "", ""}, approval.Answer{Reply: approval.NoAnswer, Reason: "no clear answer in 3 tries"}},
	}
	for _, tt := range tests {
		if got, _ := asked(ctx, goTest, tt.lines...); got != tt.want {
			return fmt.Errorf("answering %q, the asker got %+v, want %+v", tt.lines, got, tt.want)
		}
	}
	return nil
}

func editShowsADiff(ctx context.Context) error {
	before := "package calc\n\nfunc Add(a, b int) int { return a + b }\n\nfunc Div(a, b int) int {\n\treturn a / b\n}\n"
	after := strings.Replace(before, "int {\n\treturn a / b\n", "(int, error) {\n\tif b == 0 {\n\t\treturn 0, errZero\n\t}\n\treturn a / b, nil\n", 1)
	q := approval.Question{Tool: "edit_file", Path: "calc.go", Reason: "edit_file changes calc.go", Grant: "edit_file: calc.go",
		Change: &approval.Change{Path: "calc.go", Before: before, After: after}}
	_, out := asked(ctx, q, "n")
	want := "--- calc.go\n+++ calc.go\n@@ -2,6 +2,9 @@\n \n func Add(a, b int) int { return a + b }\n \n" +
		"-func Div(a, b int) int {\n-    return a / b\n+func Div(a, b int) (int, error) {\n+    if b == 0 {\n+        return 0, errZero\n+    }\n+    return a / b, nil\n }\n"
	if !strings.Contains(out, want) {
		return fmt.Errorf("the question about the edit printed %q, want it to hold the diff %q", out, want)
	}
	return nil
}

func controlsShown(ctx context.Context) error {
	q := approval.Question{Tool: "run_command", Command: "ls\x1b]0;pwned\x07\nrm x\x1b[2K\rls", Reason: "it holds the control character U+001B"}
	_, out := asked(ctx, q, "n")
	for _, r := range out {
		if r != '\n' && (unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)) {
			return fmt.Errorf("the question sent %U to the terminal: %q", r, out)
		}
	}
	if !strings.Contains(out, "\n  │ ls") || !strings.Contains(out, "\n  │ rm x") || !strings.Contains(out, "␍ls\n") {
		return fmt.Errorf("the question showed the command as %q, want each of its lines on a line of its own, and its carriage return as ␍", out)
	}
	return nil
}

func grantsListed(context.Context) error {
	a := agent.New(llm.Mock{}, "m", tools.NewRegistry())
	a.Grants().Replace([]string{"run_command: go test ./...", "edit_file: calc.go"})
	got := transcript(a, "/grants\n/revoke 2\n/grants\n/revoke all\n/grants\n")
	want := "1  edit_file: calc.go\n2  run_command: go test ./...\n" +
		"revoked: run_command: go test ./...\n" +
		"1  edit_file: calc.go\n" +
		"revoked 1 grant; every call that asks will ask again\n" +
		"no grants: every call that asks will ask again\nbye\n"
	if got != want {
		return fmt.Errorf("/grants and /revoke printed %q, want %q", got, want)
	}
	return nil
}

// transcript runs a REPL of a on input, as if piped in, and returns what it
// printed.
func transcript(a *agent.Agent, input string) string {
	var out bytes.Buffer
	if err := ui.NewREPL(a, strings.NewReader(input), &out, false).Run(context.Background()); err != nil {
		return "reading the input failed: " + err.Error()
	}
	return out.String()
}

// writer is a tool that writes, or would: the gate asks before each of its
// calls. It counts its runs.
type writer struct {
	echo
	runs *int
}

func (writer) Name() string   { return "write_file" }
func (writer) ReadOnly() bool { return false }
func (w writer) Run(context.Context, json.RawMessage) (string, error) {
	*w.runs++
	return "wrote it", nil
}

func refusalIsAResult(ctx context.Context) error {
	g := rounds(llmtest.Replies(
		[]llm.StreamDelta{fragment(0, "c1", "write_file", `{"path":"calc.go","content":"x"}`), {Finish: "tool_calls"}},
		[]llm.StreamDelta{{Text: "Understood."}, {Finish: "stop"}},
	)...)
	a := agent.New(g, "m", tools.NewRegistry(writer{runs: new(int)}))
	a.Guard(approval.New(workspace, approval.DefaultRules()), &questions{answer: approval.Answer{Reply: approval.No, Reason: "not that file"}})
	var last agent.Event
	a.Send(ctx, "write it", func(e agent.Event) { last = e })
	if _, ok := last.(agent.TurnDone); !ok {
		return fmt.Errorf("the turn ended with %#v, want TurnDone: a refusal does not end it", last)
	}
	if len(g.Requests()) != 2 {
		return fmt.Errorf("the model was asked %s, want 2: once more after the refusal", llm.Count(len(g.Requests()), "time"))
	}
	msgs := g.Requests()[1].Messages
	if got := msgs[len(msgs)-1]; got.Role != llm.RoleTool || got.ToolCallID != "c1" || got.Content != "denied by the user: not that file" {
		return fmt.Errorf("the model's next request ends with %+v, want the call's result: denied by the user: not that file", got)
	}
	return nil
}

func mockReadsRefusal(ctx context.Context) error {
	called, text, err := mockTurn(ctx, "fix it", testsRed, calcRead, "denied by the user: keep the panic")
	if err != nil {
		return err
	}
	want := `You did not let me edit calc.go ("keep the panic"), so nothing changed. Tell me how you would like me to go on.`
	if fmt.Sprint(called) != "[run_command read_file edit_file]" || text != want {
		return fmt.Errorf("the Mock called %v and said %q; want run_command, read_file, edit_file, then %q", called, text, want)
	}
	return nil
}
