package ui

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"ply/day07/agent"
	"ply/day07/llm"
	"ply/day07/tools"
)

// slowSummary is a gateway whose summaries never come: asked for one, it
// presses Ctrl-C itself and waits for the cancel, or gives up after a
// while, so that a test whose cancel never arrives fails instead of
// hanging. Everything else goes to the Mock.
type slowSummary struct{ interrupts chan os.Signal }

func (g slowSummary) Stream(ctx context.Context, req llm.Request) (llm.Stream, error) {
	if req.Messages[0].Content != llm.SummaryPrompt {
		return llm.Mock{}.Stream(ctx, req)
	}
	g.interrupts <- os.Interrupt
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-time.After(10 * time.Second):
		return nil, errors.New("the Ctrl-C never cancelled the summary")
	}
}

// TestCtrlCCancelsACompaction presses Ctrl-C while /compact waits for the
// summary: the REPL says nothing changed, and the conversation is whole.
func TestCtrlCCancelsACompaction(t *testing.T) {
	interrupts := make(chan os.Signal, 1)
	var out strings.Builder
	a := agent.New(slowSummary{interrupts}, "m", tools.NewRegistry())
	r := NewREPL(a, strings.NewReader("hello\nwhat is your name?\n/compact\nhello\n"), &out, false)
	r.CancelOn(interrupts)
	if err := r.Run(context.Background()); err != nil {
		t.Fatalf("Run: %v", err)
	}
	if !strings.Contains(out.String(), "\ncancelled; the conversation stays as it was\nHello!") {
		t.Errorf("output %q, want the cancel said, then the next turn answered", out.String())
	}
	if n := len(a.Messages()); n != 7 {
		t.Errorf("the conversation has %d messages after a cancelled /compact and one more turn, want 7: none lost", n)
	}
}
