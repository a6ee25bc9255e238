package ui

import (
	"context"
	"os"
	"strings"
	"testing"

	"ply/day06/agent"
	"ply/day06/llm"
	"ply/day06/llm/llmtest"
	"ply/day06/tools"
)

// slowSummary is a model whose summary never comes: asked for one, the
// third request of the test, it presses Ctrl-C itself and holds the
// stream open until the cancel arrives. The other requests go to the Mock.
func slowSummary(interrupts chan<- os.Signal) *llmtest.Script {
	mock := llmtest.Reply{Pass: llm.Mock{}}
	press := func() { interrupts <- os.Interrupt }
	return &llmtest.Script{Replies: []llmtest.Reply{mock, mock, {AtEnd: press, Hold: true}, mock}}
}

// TestCtrlCCancelsACompaction presses Ctrl-C while /compact waits for the
// summary: the REPL says nothing changed, and the conversation is whole.
func TestCtrlCCancelsACompaction(t *testing.T) {
	interrupts := make(chan os.Signal, 1)
	var out strings.Builder
	g := slowSummary(interrupts)
	a := agent.New(g, "m", tools.NewRegistry())
	r := NewREPL(a, strings.NewReader("hello\nwhat is your name?\n/compact\nhello\n"), &out, false)
	r.CancelOn(interrupts)
	if err := r.Run(context.Background()); err != nil {
		t.Fatalf("Run: %v", err)
	}
	if !strings.Contains(out.String(), "\ncancelled; the conversation stays as it was\nHello!") {
		t.Errorf("output %q, want the cancel said, then the next turn answered", out.String())
	}
	if sent := g.Requests(); len(sent) < 3 || sent[2].Messages[0].Content != llm.SummaryPrompt {
		t.Fatalf("the third request was not the one for the summary")
	}
	if n := len(a.Messages()); n != 7 {
		t.Errorf("the conversation has %d messages after a cancelled /compact and one more turn, want 7: none lost", n)
	}
}
