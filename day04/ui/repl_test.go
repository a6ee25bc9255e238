package ui

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"ply/day04/agent"
	"ply/day04/llm"
	"ply/day04/selftest"
	"ply/day04/tools"
)

// failing is a gateway whose every call fails.
type failing struct{}

func (failing) Stream(context.Context, llm.Request) (llm.Stream, error) {
	return nil, errors.New("the model is down")
}

// session runs a REPL on input and returns everything it printed.
func session(t *testing.T, gw llm.Gateway, input string, prompt bool) string {
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
		{"unknown command", "/nope\n", "error: unknown command /nope (/help lists them)\nbye\n"},
		{"clear", "/clear\n", "conversation cleared; the system prompt stays\nbye\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := session(t, llm.Mock{}, tt.input, false)
			if !strings.HasPrefix(got, tt.want) {
				t.Errorf("output for %q = %q, want it to start with %q", tt.input, got, tt.want)
			}
		})
	}
}

func TestREPLModelErrorGoesOn(t *testing.T) {
	got := session(t, failing{}, "hello\n/model\n", false)
	want := "error: the model is down\nmodel: m\nbye\n"
	if got != want {
		t.Errorf("output = %q, want %q", got, want)
	}
}

func TestREPLPrompt(t *testing.T) {
	got := session(t, llm.Mock{}, "/quit\n", true)
	if got != "> bye\n" {
		t.Errorf("with a prompt, output = %q, want %q", got, "> bye\n")
	}
}

// TestREPLPlainWhenNotATerminal checks that output to a buffer, like a pipe,
// carries no escape codes even with styles applied.
func TestREPLPlainWhenNotATerminal(t *testing.T) {
	got := session(t, failing{}, "hello\n/help\n", true)
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
