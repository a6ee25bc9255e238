package ui

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"ply/day03/agent"
	"ply/day03/llm"
	"ply/day03/llm/llmtest"
	"ply/day03/selftest"
	"ply/day03/tools"
)

// canned is a model that gives every request the same reply, a
// character at a time, so that nothing in it arrives whole.
func canned(reply string) *llmtest.Script {
	var deltas []llm.StreamDelta
	for _, r := range reply {
		deltas = append(deltas, llm.StreamDelta{Text: string(r)})
	}
	return &llmtest.Script{Replies: []llmtest.Reply{{Deltas: deltas}}}
}

// failing is a model whose every call fails with err.
func failing(err error) *llmtest.Script {
	return &llmtest.Script{Replies: []llmtest.Reply{{Refuse: err}}}
}

// down is a model whose every call fails.
var down = failing(errors.New("the model is down"))

// transcript runs a REPL on input and returns everything it printed.
func transcript(t *testing.T, gw llm.Gateway, input string, prompt bool) string {
	t.Helper()
	var out bytes.Buffer
	r := NewREPL(agent.New(gw, "m", tools.NewRegistry()), strings.NewReader(input), &out, prompt)
	if err := r.Run(context.Background()); err != nil {
		t.Fatalf("Run: %v", err)
	}
	return out.String()
}

func TestREPL(t *testing.T) {
	tests := []struct {
		name, input string
		want        string // the whole output
	}{
		{"end of input", "", "bye\n"},
		{"blank lines are skipped", "\n  \n", "bye\n"},
		{"a turn", "hello\n", "Hello! I'm ply's scripted model."},
		{"quit stops reading", "/quit\nhello\n", "bye\n"},
		{"model", "/model\n/model other\n", "model: m\nmodel: other\nbye\n"},
		{"unknown command", "/nope\n", "error: unknown command /nope (/help lists them; start the line with // to send it)\nbye\n"},
		{"a message that starts with /", "//etc/hosts is a file\n", `I'm a scripted model and only know a few phrases, so I can't answer "/etc/hosts is a file".`},
		{"// alone sends /", "//\n", `I'm a scripted model and only know a few phrases, so I can't answer "/".`},

		{"clear", "/clear\n", "conversation cleared; the system prompt stays\nbye\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := transcript(t, llm.Mock{}, tt.input, false)
			if !strings.HasPrefix(got, tt.want) {
				t.Errorf("output for %q = %q, want it to start with %q", tt.input, got, tt.want)
			}
		})
	}
}

func TestREPLModelErrorGoesOn(t *testing.T) {
	got := transcript(t, down, "hello\n/model\n", false)
	want := "error: the model is down\nmodel: m\nbye\n"
	if got != want {
		t.Errorf("output = %q, want %q", got, want)
	}
}

func TestREPLPrompt(t *testing.T) {
	got := transcript(t, llm.Mock{}, "/quit\n", true)
	if got != "> bye\n" {
		t.Errorf("with a prompt, output = %q, want %q", got, "> bye\n")
	}
}

// TestREPLPlainWhenNotATerminal checks that output to a buffer, like a pipe,
// carries no escape codes even with styles applied.
func TestREPLPlainWhenNotATerminal(t *testing.T) {
	got := transcript(t, down, "hello\n/help\n", true)
	if strings.Contains(got, "\x1b[") {
		t.Errorf("output to a non-terminal has escape codes: %q", got)
	}
}

func TestWelcome(t *testing.T) {
	tests := []struct {
		name string
		cfg  llm.Config
		want []string
	}{
		{"unset", llm.ConfigFromEnv(func(string) string { return "" }),
			[]string{"ply · the built-in scripted model (offline)", "No model is configured", "/help"}},
		{"openai", llm.Config{BaseURL: "http://x/v1", APIKey: "sk-1", Model: "m"},
			[]string{"ply · m at http://x/v1 (API key set)", "/help"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			NewREPL(agent.New(llm.Mock{}, "m", tools.NewRegistry()), strings.NewReader(""), &out, false).Welcome(tt.cfg, "/ws")
			for _, want := range tt.want {
				if !strings.Contains(out.String(), want) {
					t.Errorf("banner %q does not say %q", out.String(), want)
				}
			}
			if !tt.cfg.Unset && strings.Contains(out.String(), "No model is configured") {
				t.Errorf("banner %q tells a configured user to configure a model", out.String())
			}
		})
	}
}

func TestReport(t *testing.T) {
	results := []selftest.Result{
		{Check: selftest.Check{Name: "passes"}},
		{Check: selftest.Check{Name: "fails", Exercise: 2}, Err: errors.New("got 1, want 2")},
		{Check: selftest.Check{Name: "fails with no exercise"}, Err: errors.New("broken")},
	}
	var out bytes.Buffer
	report := NewReport(&out)
	for _, r := range results {
		report.Line(r)
	}
	if report.Done() {
		t.Error("Done says all passed, but two checks failed")
	}
	want := "✓ passes\n✗ fails: got 1, want 2 — see exercise 2\n✗ fails with no exercise: broken\n1/3 passed\n"
	if out.String() != want {
		t.Errorf("report =\n%s\nwant\n%s", out.String(), want)
	}
}

func TestHelpSaysHowToSendSlash(t *testing.T) {
	got := transcript(t, llm.Mock{}, "/help\n", false)
	if want := "//TEXT         send /TEXT as a message"; !strings.Contains(got, want) {
		t.Errorf("/help printed %q, want a line that starts %q", got, want)
	}
}

// TestREPLHostileText has a model reply, and a server fail, with every
// trick of the hostile table: none reaches the output raw.
func TestREPLHostileText(t *testing.T) {
	for _, tt := range hostile {
		reply := transcript(t, canned(tt.text+"."), "hello\n", false)
		if want := tt.want + ".\n"; !strings.HasPrefix(reply, want) {
			t.Errorf("a reply of %q printed %q, want it to start %q", tt.text, reply, want)
		}
		assertHarmless(t, reply)
		failure := transcript(t, failing(errors.New(tt.text)), "hello\n", false)
		// A style pads the lines of a text of several lines to one width.
		oneLine := !strings.ContainsAny(tt.want, "\n\t")
		if want := "error: " + tt.want + "\n"; oneLine && !strings.HasPrefix(failure, want) {
			t.Errorf("an error of %q printed %q, want it to start %q", tt.text, failure, want)
		}
		assertHarmless(t, failure)
	}
}

// TestREPLLongLineGoesOn sends a line over maxLine, then a greeting: the
// long line is refused, and the conversation goes on.
func TestREPLLongLineGoesOn(t *testing.T) {
	got := transcript(t, llm.Mock{}, strings.Repeat("x", maxLine+1)+"\nhello\n", false)
	want := "error: the line is longer than 1048576 bytes, so ply did not send it\nHello! I'm ply's scripted model."
	if !strings.HasPrefix(got, want) {
		t.Errorf("output %.200q, want it to start %q", got, want)
	}
}

// TestREPLTerminalCut types, at a terminal, a line as long as a terminal
// line can be: ply says it was probably cut, and does not send it.
func TestREPLTerminalCut(t *testing.T) {
	if terminalLine == 0 {
		t.Skip("ply does not know how long a terminal line can be here")
	}
	full := strings.Repeat("x", terminalLine-1) + "\n"
	got := transcript(t, llm.Mock{}, full+"hello\n", true)
	want := "> error: the line is as long as a terminal line can be"
	if !strings.HasPrefix(got, want) || !strings.Contains(got, "give long text from a file instead\n> Hello!") {
		t.Errorf("output %.300q, want it to start %q, say what to do, and go on", got, want)
	}
	if got := transcript(t, llm.Mock{}, full, false); strings.Contains(got, "terminal") {
		t.Errorf("with no terminal, output %.200q, want the line sent: only a terminal cuts lines", got)
	}
	if got := transcript(t, llm.Mock{}, full[1:], true); strings.Contains(got, "terminal") {
		t.Errorf("one byte shorter, output %.200q, want the line sent", got)
	}
}
