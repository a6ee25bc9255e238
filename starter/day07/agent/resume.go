package agent

import (
	"context"
	"slices"

	"ply/day07/llm"
)

// Restore makes window the conversation and grants the session's "always"
// answers: what a resumed or forked session had when it stopped. The
// watcher hears of the grants when they change, and not of the window,
// which whoever restores it has already: it is what the log rebuilt.
func (a *Agent) Restore(window []llm.Message, grants []string) {
	a.messages = slices.Clone(window)
	a.counted, a.failedOn = counted{}, 0
	a.Grants().Replace(grants)
}

// Recompact is the agent's compaction as a pure function of the window
// and a summary: what a replay runs again, with the summary the log kept,
// to rebuild the window a compaction made, without asking the model.
func Recompact(window []llm.Message, summary string) []llm.Message {
	return compact(window, summary)
}

// Continue finishes a turn that stopped before its answer, as a crash
// leaves one: it sends the conversation as it is, without a new message
// from the user, and goes round the loop as Send does. It reports false,
// and does nothing, when the conversation does not wait for an answer
// (see Waiting).
func (a *Agent) Continue(ctx context.Context, emit func(Event)) bool {
	if !a.Waiting() {
		return false
	}
	a.loop(ctx, len(a.messages)-1, emit)
	return true
}

// Waiting reports whether the conversation waits for the model's answer
// (see Waits).
func (a *Agent) Waiting() bool { return Waits(a.messages) }

// Waits reports whether a conversation waits for the model's answer:
// past the system prompt, it ends in the user's message or in tool
// results, as a turn that a crash interrupted does. It is the one rule of
// an unfinished turn, for the live agent and for a replayed window alike.
func Waits(window []llm.Message) bool {
	n := len(window)
	return n > 1 && (window[n-1].Role == llm.RoleUser || window[n-1].Role == llm.RoleTool)
}
