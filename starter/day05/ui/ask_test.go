package ui

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"ply/day05/approval"
)

// typed returns a line source that gives lines, as the REPL's does, and
// is closed after them when end is true: the end of the input.
func typed(end bool, lines ...string) <-chan string {
	ch := make(chan string, len(lines))
	for _, l := range lines {
		ch <- l
	}
	if end {
		close(ch)
	}
	return ch
}

var goTest = approval.Question{
	Tool: "run_command", Command: "go test ./...", Reason: "go is not on the allow-list",
	Grant: "run_command: go test ./...",
}

func TestTerminalAskerAnswers(t *testing.T) {
	tests := []struct {
		name  string
		lines []string
		want  approval.Answer
	}{
		{"yes", []string{"y"}, approval.Answer{Reply: approval.Yes}},
		{"always", []string{"a"}, approval.Answer{Reply: approval.Always}},
		{"no", []string{"n"}, approval.Answer{Reply: approval.No}},
		{"no and why", []string{"n use the other file"}, approval.Answer{Reply: approval.No, Reason: "use the other file"}},
		{"the end of the input", nil, approval.Answer{Reply: approval.NoAnswer, Reason: "the input ended"}},
		{"unclear then yes", []string{"", "sure", "y"}, approval.Answer{Reply: approval.Yes}},
		{"unclear three times", []string{"", "sure", "ok", "y"}, approval.Answer{Reply: approval.NoAnswer, Reason: "no clear answer in 3 tries"}},
		{"unclear then the end", []string{"maybe"}, approval.Answer{Reply: approval.NoAnswer, Reason: "the input ended"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			lines := typed(true, tt.lines...)
			got := NewTerminalAsker(&out, lines).Ask(context.Background(), goTest)
			if got != tt.want {
				t.Errorf("after typing %q, Ask = %+v, want %+v\nit printed:\n%s", tt.lines, got, tt.want, out.String())
			}
		})
	}
}

// TestTerminalAskerLeavesTheNextLine checks that the asker reads one
// answer and no more: the line after it is the REPL's.
func TestTerminalAskerLeavesTheNextLine(t *testing.T) {
	lines := typed(true, "y", "what did the tests say?") // closed, so that a broken asker cannot hang the test
	NewTerminalAsker(&bytes.Buffer{}, lines).Ask(context.Background(), goTest)
	if next := <-lines; next != "what did the tests say?" {
		t.Errorf("after the answer, the REPL reads %q, want the next line typed", next)
	}
}

func TestTerminalAskerCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // Ctrl-C while the question waits
	got := NewTerminalAsker(&bytes.Buffer{}, typed(false)).Ask(ctx, goTest)
	if got.Reply != approval.NoAnswer || got.Reason != "the turn was cancelled" {
		t.Errorf("cancelled, Ask = %+v, want no answer because the turn was cancelled", got)
	}
}

func TestTerminalAskerShows(t *testing.T) {
	tests := []struct {
		name string
		q    approval.Question
		want []string // lines, each of which the output must hold
		not  []string // what it must not hold
	}{
		{"a command", goTest, []string{
			"? run_command wants to run:",
			"  │ go test ./...",
			"  go is not on the allow-list",
			"  y = yes, once · a = always, this session (run_command: go test ./...) · n = no · n REASON = no, and tell the model why",
			"allow? [y/a/n] ",
		}, nil},
		{"a command on several lines with control characters", approval.Question{
			Tool: "run_command", Command: "cat <<EOF\n\x1b[2Khidden\rrm -rf x\nEOF", Reason: "r",
		}, []string{"  │ cat <<EOF", "  │ " + esc + "[2Khidden␍rm -rf x", "  │ EOF"}, []string{"\x1b", "\r"}},
		{"no always to offer", approval.Question{Tool: "run_command", Command: "ls", Reason: "r"},
			[]string{"  y = yes, once · n = no · n REASON = no, and tell the model why", "allow? [y/n] "}, []string{"a = always", "[y/a/n]"}},
		{"an edit with its diff", approval.Question{
			Tool: "edit_file", Path: "calc.go", Reason: "edit_file changes calc.go", Grant: "edit_file: calc.go",
			Change: &approval.Change{Path: "calc.go", Before: "a\nb\nc\n", After: "a\nB\nc\n"},
		}, []string{"? edit_file wants to change calc.go", "--- calc.go", "+++ calc.go", "@@ -1,3 +1,3 @@", " a", "-b", "+B", " c"}, nil},
		{"an edit the tool cannot preview", approval.Question{
			Tool: "edit_file", Path: "gone.go", Reason: "r",
			Change: &approval.Change{Path: "gone.go", Err: errors.New("gone.go does not exist")},
		}, []string{"  (no preview: gone.go does not exist)"}, nil},
		{"a path that hides itself", approval.Question{Tool: "write_file", Path: "x\u202egol.go", Reason: "r"},
			[]string{"? write_file wants to change x\uFFFDgol.go"}, []string{"\u202e"}},
		{"another tool", approval.Question{Tool: "deploy", Arguments: `{"to":"prod"}`, Reason: "deploy is not a read-only tool"},
			[]string{`? deploy {"to":"prod"}`}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			NewTerminalAsker(&out, typed(true, "n")).Ask(context.Background(), tt.q)
			lines := strings.Split(out.String(), "\n")
			for _, want := range tt.want {
				if !containsLine(lines, want) {
					t.Errorf("the question has no line %q; it printed:\n%s", want, out.String())
				}
			}
			for _, not := range tt.not {
				if strings.Contains(out.String(), not) {
					t.Errorf("the question holds %q, which it must not; it printed:\n%s", not, out.String())
				}
			}
		})
	}
}

func containsLine(lines []string, want string) bool {
	for _, l := range lines {
		if l == want {
			return true
		}
	}
	return false
}

// TestTerminalAskerPlain checks that a question written to a buffer, like
// a pipe, carries no escape codes: the styles come from a renderer bound
// to the writer.
func TestTerminalAskerPlain(t *testing.T) {
	var out bytes.Buffer
	q := approval.Question{Tool: "edit_file", Path: "calc.go", Reason: "r",
		Change: &approval.Change{Path: "calc.go", Before: "a\n", After: "b\n"}}
	NewTerminalAsker(&out, typed(true, "y")).Ask(context.Background(), q)
	if strings.Contains(out.String(), "\x1b") {
		t.Errorf("the question to a buffer has escape codes: %q", out.String())
	}
}

func TestGrantCommands(t *testing.T) {
	var g approval.Grants
	if got := grantLines(g.List()); len(got) != 1 || !strings.HasPrefix(got[0], "no grants") {
		t.Errorf("/grants with none = %q, want a line saying there are none", got)
	}
	g.Replace([]string{"run_command: go test ./...", "edit_file: calc.go", "run_command: cat x\x1b[2J"})
	want := []string{"1  edit_file: calc.go", "2  run_command: cat x" + esc + "[2J", "3  run_command: go test ./..."}
	if got := grantLines(g.List()); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("/grants = %q, want %q", got, want)
	}
	tests := []struct {
		arg, want, err string
		left           int
	}{
		{"3", "revoked: run_command: go test ./...", "", 2},
		{"0", "", "there is no grant 0", 2},
		{"3", "", "there is no grant 3", 2},
		{"", "", "usage: /revoke", 2},
		{"calc.go", "", "usage: /revoke", 2},
		{"1", "revoked: edit_file: calc.go", "", 1},
		{"all", "revoked 1 grant; every call that asks will ask again", "", 0},
	}
	for _, tt := range tests {
		got, err := revoke(&g, tt.arg)
		if got != tt.want || (err == nil) != (tt.err == "") || err != nil && !strings.Contains(err.Error(), tt.err) || len(g.List()) != tt.left {
			t.Errorf("/revoke %s = %q, %v, leaving %d; want %q, an error saying %q, leaving %d", tt.arg, got, err, len(g.List()), tt.want, tt.err, tt.left)
		}
	}
}

// TestAskerTakesARefusedLineAsNoAnswer gives the asker the REPL's own
// lines: a line the REPL refused (too long) is asked again, never taken
// as an answer, and the next clear one is.
func TestAskerTakesARefusedLineAsNoAnswer(t *testing.T) {
	inputs := make(chan input, 2)
	inputs <- input{refusal: errLineTooLong}
	inputs <- input{line: "y"}
	close(inputs) // the end of the input: an asker that takes neither line as an answer ends, and fails below
	var out bytes.Buffer
	asker := &TerminalAsker{out: &out, inputs: inputs, styles: newAskStyles(&out)}
	if got := asker.Ask(context.Background(), goTest); got != (approval.Answer{Reply: approval.Yes}) {
		t.Errorf("after a refused line and y, the answer is %+v, want yes", got)
	}
	if n := strings.Count(out.String(), "allow? "); n != 2 {
		t.Errorf("the question was put %d times, want 2: once for the refused line, once for y\n%s", n, out.String())
	}
}
