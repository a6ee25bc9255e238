package ui

import (
	"context"
	"fmt"

	"ply/day07/approval"
)

// Asker returns the asker that puts the gate's questions to the person at
// the terminal. It reads the answers from the REPL's own lines: while a
// turn runs the REPL reads none, so the next line typed is the answer,
// and the line after it is the prompt's again.
func (r *REPL) Asker() approval.Asker {
	asker := &TerminalAsker{out: r.out, inputs: r.lineSource(), styles: newAskStyles(r.out)}
	return onScreen{r, asker}
}

// onScreen asks through asker on the REPL's screen. The call asked about
// was announced (agent.ToolStart) and its progress line started; that
// line is redrawn in place, and would draw over the question, so it stops
// while the question waits, and starts again if the call is let through.
type onScreen struct {
	r     *REPL
	asker approval.Asker
}

func (s onScreen) Ask(ctx context.Context, q approval.Question) approval.Answer {
	view := s.r.view
	if view != nil {
		view.running.finish()
	}
	answer := s.asker.Ask(ctx, q)
	if view != nil && (answer.Reply == approval.Yes || answer.Reply == approval.Always) {
		view.running = view.progress.start(q.Tool)
	}
	return answer
}

// lineSource returns the REPL's lines, and starts reading the input the
// first time: there is one reader of the input, and the REPL and its
// asker share what it reads.
func (r *REPL) lineSource() <-chan input {
	if r.lines == nil {
		r.lines = r.readLines()
	}
	return r.lines
}

// WarnYes says, in red under the banner, that ply was started with --yes.
func (r *REPL) WarnYes() {
	fmt.Fprintln(r.out, r.styles.Error.Render("--yes: every call the gate would ask about runs without asking; what it refuses stays refused"))
}

// grantsCommand is /grants: the "always" answers of the session,
// numbered for /revoke.
func grantsCommand(r *REPL, _ string) bool {
	for _, line := range grantLines(r.agent.Grants().List()) {
		r.notice(line)
	}
	return false
}

// revokeCommand is /revoke N or /revoke all.
func revokeCommand(r *REPL, arg string) bool {
	done, err := revoke(r.agent.Grants(), arg)
	if err != nil {
		r.fail(err)
		return false
	}
	r.notice(done)
	return false
}
