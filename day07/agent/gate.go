package agent

import (
	"context"
	"errors"
	"time"
	"unicode/utf8"

	"ply/day07/approval"
	"ply/day07/llm"
	"ply/day07/tools"
)

// Guard makes gate decide about every tool call before it runs, and asker
// put the gate's questions to the human: the person at the terminal,
// nobody (approval.Unattended), or yes to everything (approval.AllowAll).
// The watcher hears of every change of the gate's grants from then on.
func (a *Agent) Guard(gate *approval.Gate, asker approval.Asker) {
	a.gate, a.asker = gate, asker
	gate.Grants().OnChange(func(grants []string) { a.report(GrantsChanged{Grants: grants}) })
}

// Grants returns the "always" answers the human has given in this
// session, for /grants and /revoke.
func (a *Agent) Grants() *approval.Grants { return a.gate.Grants() }

// runApproved runs call if the gate lets it, asking the human when the
// gate asks, and reports whether it was denied and how long it ran, from
// the moment it started: the time the question waited for the human is
// not the tool's. Asking is a pause, not an error: a refused call never
// runs, its result is the refusal's reason, which the model reads like
// any other result, and the turn goes on. A call of a tool that does not
// exist goes to the registry, whose answer names the tools there are.
//
// A command the gate allowed by its rules runs from the tree the gate
// judged, which the decision carries to run_command (tools.WithProgram).
func (a *Agent) runApproved(ctx context.Context, call llm.ToolCall, emit func(Event)) (result tools.Result, denied bool, ran time.Duration) {
	if tool, ok := a.tools.Lookup(call.Name); ok {
		d := a.gate.Approve(ctx, tool, call, a.asker)
		if d.Verdict != approval.Allow {
			refused := refusal(d.Reason)
			refused.Arguments = call.Arguments // as the model sent them: no tool read them
			return refused, true, 0
		}
		ctx = tools.WithProgram(ctx, d.Program)
	}
	start := time.Now()
	result = a.tools.Run(withProgress(ctx, call, emit), call.Name, call.Arguments)
	return result, false, time.Since(start)
}

// refusal is the result of a call that was refused for reason, such as
// "denied by the user: use the other file".
func refusal(reason string) tools.Result {
	return tools.Result{Text: reason, Err: errors.New(reason), Chars: utf8.RuneCountInString(reason)}
}
