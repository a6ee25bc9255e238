package ui

import (
	"context"

	"ply/day07/approval"
)

// PlayAnswers returns an asker that answers the gate's questions as the
// user of a demo would: it shows each question as the terminal asker
// does, then the answer that answer gives for it, as if typed. ply demo
// plays its scenario with it, so that the gate's questions are part of
// what the demo shows.
func (r *REPL) PlayAnswers(answer func(approval.Question) string) approval.Asker {
	return onScreen{r, playedAsker{r: r, answer: answer}}
}

// playedAsker is the asker PlayAnswers returns.
type playedAsker struct {
	r      *REPL
	answer func(approval.Question) string
}

func (p playedAsker) Ask(ctx context.Context, q approval.Question) approval.Answer {
	lines := make(chan string, 1)
	lines <- p.answer(q)
	close(lines)
	asker := NewTerminalAsker(p.r.out, lines)
	asker.echo = true
	return asker.Ask(ctx, q)
}
