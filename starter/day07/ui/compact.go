package ui

import (
	"context"
	"errors"
	"fmt"

	"ply/day07/agent"
	"ply/day07/llm"
)

// compactCommand asks the agent to compact the conversation now. The model
// writes the summary, so this is a request like a turn's: Ctrl-C cancels
// it, and a wait before a retry is shown. A conversation with nothing to
// compact, or one that a summary would not shrink, is a notice, not an
// error: nothing went wrong, and nothing changed.
func compactCommand(r *REPL, _ string) bool {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	stopWatching := r.watchInterrupts(cancel)
	defer stopWatching()

	spinner := StartSpinner(r.spinOut, r.spinStyle, "summarising with "+r.agent.Model())
	ctx = llm.WithRetryNotice(ctx, func(t llm.Retry) {
		spinner.Stop()
		r.notice(printable(retryLine(agent.Retrying{Attempt: t.Attempt, Attempts: t.Attempts, Wait: t.Wait, Err: t.Err})))
		spinner = StartSpinner(r.spinOut, r.spinStyle, "summarising with "+r.agent.Model())
	})
	c, err := r.agent.Compact(ctx)
	spinner.Stop()
	switch {
	case errors.Is(err, agent.ErrNothingToCompact), errors.Is(err, agent.ErrNoGain):
		r.notice(err.Error())
	case ctx.Err() != nil:
		r.notice("cancelled; the conversation stays as it was")
	case err != nil:
		r.fail(fmt.Errorf("could not compact: %w", err))
		if fix := fixLine(err); fix != "" {
			r.notice(printable(fix))
		}
	default:
		r.notice(compactedLine(agent.Compacted{Compaction: c}))
	}
	return false
}

// contextCommand shows the x-ray of the conversation: what the model is
// sent on the next request, one message a row.
func contextCommand(r *REPL, _ string) bool {
	heading, rows, totals := contextLines(r.agent.Context())
	r.notice(heading)
	for _, row := range rows {
		fmt.Fprintln(r.out, printable(row))
	}
	r.notice(totals)
	return false
}
