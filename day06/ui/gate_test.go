package ui

import (
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"

	"ply/day06/agent"
	"ply/day06/approval"
	"ply/day06/llm"
	"ply/day06/sandbox"
	"ply/day06/tools"
)

// gated runs a REPL on input, with the Mock, the day's tools in a
// workspace holding f.txt, and the REPL's own asker; it returns what the
// REPL printed and f.txt afterwards.
func gated(t *testing.T, input string) (screen, file string) {
	t.Helper()
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(path, []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ws, err := tools.NewWorkspace(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	a := agent.New(llm.Mock{}, "m", tools.NewRegistry(append(tools.ReadOnly(ws), tools.Editing(ws, nil, sandbox.Default(ws.Dir()))...)...))
	out := &syncBuffer{}
	r := NewREPL(a, strings.NewReader(input), out, false)
	a.Guard(approval.New(ws.Dir(), approval.DefaultRules()), r.Asker())
	if err := r.Run(context.Background()); err != nil {
		t.Fatalf("Run: %v", err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return out.String(), string(data)
}

// TestREPLAsks has the model ask for an edit, which the user answers from
// the same input the REPL reads: the question shows the diff, the answer
// decides, and the line after the answer is the REPL's again.
func TestREPLAsks(t *testing.T) {
	edit := "replace `two` with `2` in f.txt\n"
	tests := []struct {
		name, answers string
		wantFile      string
		want          []string // lines the screen must hold, in order
	}{
		{"yes", "y\n", "one\n2\n", []string{
			"? edit_file wants to change f.txt", "-two", "+2", "allow? [y/a/n] " + `✓ edit_file {"path":"f.txt","old_string":"two","new_string":"2"} · `,
			"Done: edited f.txt: replaced 1 occurrence.",
		}},
		{"no and why", "n keep the words\n", "one\ntwo\n", []string{
			"allow? [y/a/n] " + `✗ edit_file {"path":"f.txt","old_string":"two","new_string":"2"} · denied by the user: keep the words`,
			`You did not let me edit f.txt ("keep the words"), so nothing changed. Tell me how you would like me to go on.`,
		}},
		{"unclear then yes", "\nsure\ny\n", "one\n2\n", []string{
			"allow? [y/a/n] answer y, a, n, or n and a reason for the model", "allow? [y/a/n] answer y, a, n, or n and a reason for the model",
			"Done: edited f.txt: replaced 1 occurrence.",
		}},
		{"the end of the input", "", "one\ntwo\n", []string{
			"allow? [y/a/n] ",
			`✗ edit_file {"path":"f.txt","old_string":"two","new_string":"2"} · denied: not approved (the input ended)`,
			"bye",
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			screen, file := gated(t, edit+tt.answers+"hello\n")
			if file != tt.wantFile {
				t.Errorf("f.txt is %q, want %q", file, tt.wantFile)
			}
			assertLinesInOrder(t, screen, tt.want)
			if tt.answers != "" && !strings.Contains(screen, "Hello! I'm ply's scripted model.") {
				t.Errorf("the line after the answer did not reach the model; the screen:\n%s", screen)
			}
		})
	}
}

// TestGrantsAndRevoke answers "always", lists the grant, revokes it, and
// asks again.
func TestGrantsAndRevoke(t *testing.T) {
	screen, _ := gated(t, "replace `two` with `2` in f.txt\na\n/grants\n/revoke 1\n/grants\n/revoke 1\nreplace `2` with `two` in f.txt\nn\n")
	assertLinesInOrder(t, screen, []string{
		"  y = yes, once · a = always, this session (edit_file: f.txt) · n = no · n REASON = no, and tell the model why",
		"1  edit_file: f.txt",
		"revoked: edit_file: f.txt",
		"no grants: every call that asks will ask again",
		"error: there is no grant 1 (/grants lists them)",
		"? edit_file wants to change f.txt",
	})
}

// TestQuestionStopsTheProgressLine draws the progress line live, on the
// screen the question goes to, as at a terminal: no frame of it is drawn
// between the question and its answer.
func TestQuestionStopsTheProgressLine(t *testing.T) {
	out := &syncBuffer{}
	dir := t.TempDir()
	ws, err := tools.NewWorkspace(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	a := agent.New(llm.Mock{}, "m", tools.NewRegistry(tools.Editing(ws, nil, sandbox.Default(ws.Dir()))...))
	r := NewREPL(a, strings.NewReader("run the command `exit 0`\ny\n"), out, false)
	r.progress = progressOut{w: out, live: true, style: lipgloss.NewStyle(), every: time.Hour}
	a.Guard(approval.New(ws.Dir(), approval.DefaultRules()), r.Asker())
	if err := r.Run(context.Background()); err != nil {
		t.Fatal(err)
	}
	screen := out.String()
	question := strings.Index(screen, "? run_command wants to run:")
	answered := strings.Index(screen, "allow? [y/a/n] ")
	if question < 0 || answered < question {
		t.Fatalf("no question on the screen:\n%q", screen)
	}
	if frame := strings.IndexAny(screen[question:answered], spinnerFrames); frame >= 0 {
		t.Errorf("the progress line was drawn while the question waited:\n%q", screen[question:answered])
	}
}

// TestPlayAnswers has a demo answer the question: the answer shows after
// the prompt, as if typed.
func TestPlayAnswers(t *testing.T) {
	out := &syncBuffer{}
	r := NewREPL(agent.New(llm.Mock{}, "m", tools.NewRegistry()), strings.NewReader(""), out, false)
	q := approval.Question{Tool: "run_command", Command: "go test ./...", Reason: "go is not on the allow-list", Grant: "run_command: go test ./..."}
	got := r.PlayAnswers(func(approval.Question) string { return "a" }).Ask(context.Background(), q)
	if got.Reply != approval.Always {
		t.Errorf("the played answer is %+v, want always", got)
	}
	assertLinesInOrder(t, out.String(), []string{"  │ go test ./...", "allow? [y/a/n] a"})
}

func TestWarnYes(t *testing.T) {
	out := &syncBuffer{}
	NewREPL(agent.New(llm.Mock{}, "m", tools.NewRegistry()), strings.NewReader(""), out, false).WarnYes()
	if want := "--yes: every call the gate would ask about runs without asking; what it refuses stays refused\n"; out.String() != want {
		t.Errorf("WarnYes printed %q, want %q", out.String(), want)
	}
}

// assertLinesInOrder checks that screen holds each of want as a whole
// line (a line may also begin with one), in order.
func assertLinesInOrder(t *testing.T, screen string, want []string) {
	t.Helper()
	lines := strings.Split(screen, "\n")
	i := 0
	for _, w := range want {
		for i < len(lines) && !strings.HasPrefix(lines[i], w) {
			i++
		}
		if i == len(lines) {
			t.Errorf("the screen has no line %q after the ones before it:\n%s", w, screen)
			return
		}
		i++
	}
}

// heldReader gives first, then waits until release is closed before it
// gives then: input typed after a point the test chooses.
type heldReader struct {
	first, then *strings.Reader
	release     <-chan struct{}
}

func (h *heldReader) Read(p []byte) (int, error) {
	if h.first.Len() > 0 {
		return h.first.Read(p)
	}
	select {
	case <-h.release:
	case <-time.After(10 * time.Second): // a test whose Ctrl-C never came fails instead of hanging
	}
	return h.then.Read(p)
}

// TestCtrlCWhileAsked presses Ctrl-C while the question waits for an
// answer: the call is refused and never runs, the turn ends as cancelled,
// and the REPL goes on to the next line.
func TestCtrlCWhileAsked(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "f.txt")
	if err := os.WriteFile(path, []byte("one\ntwo\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ws, err := tools.NewWorkspace(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	interrupts := make(chan os.Signal, 1)
	release := make(chan struct{})
	var once sync.Once
	out := &watcher{want: "allow? [y/a/n] ", act: func() { interrupts <- os.Interrupt }}
	after := &watcher{want: "cancelled;", act: func() { once.Do(func() { close(release) }) }}
	in := &heldReader{first: strings.NewReader("replace `two` with `2` in f.txt\n"), then: strings.NewReader("hello\n"), release: release}
	a := agent.New(llm.Mock{}, "m", tools.NewRegistry(tools.Editing(ws, nil, sandbox.Default(ws.Dir()))...))
	r := NewREPL(a, in, io.MultiWriter(out, after), false)
	r.CancelOn(interrupts)
	a.Guard(approval.New(ws.Dir(), approval.DefaultRules()), r.Asker())
	if err := r.Run(context.Background()); err != nil {
		t.Fatalf("Run: %v", err)
	}
	assertLinesInOrder(t, out.String(), []string{
		"allow? [y/a/n] ",
		`✗ edit_file {"path":"f.txt","old_string":"two","new_string":"2"} · denied: not approved (the turn was cancelled)`,
		"cancelled; the reply so far stays in the conversation",
		"Hello! I'm ply's scripted model.",
		"bye",
	})
	if data, _ := os.ReadFile(path); string(data) != "one\ntwo\n" {
		t.Errorf("f.txt is %q after Ctrl-C at the question, want it as it was", data)
	}
}
