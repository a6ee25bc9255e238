package agent

import (
	"context"
	"slices"

	"ply/day07/llm"
	"ply/day07/session"
)

// recorder is the session log an agent writes to, and what it needs to
// write it: every event goes to the log at the moment it happens, so that
// a process killed at any moment has lost nothing it had done.
type recorder struct {
	log    *session.Log // nil: nothing is recorded
	err    error        // the first append that failed, for the user to see
	grants []string     // the grants as last logged, to log only a change
}

// Record makes the agent write every event of its conversation to l from
// now on. l holds the conversation as it stands, and logged is the set of
// grants it holds last: Record writes nothing.
func (a *Agent) Record(l *session.Log, logged []string) {
	a.rec = recorder{log: l, grants: logged}
}

// Log returns the session log the agent writes to; nil when none.
func (a *Agent) Log() *session.Log { return a.rec.log }

// LogErr returns why an event could not be logged; nil while every one
// was. The conversation goes on, and the user is told once.
func (a *Agent) LogErr() error { return a.rec.err }

// Restore makes rp's window the conversation and its grants the
// session's: what a resumed or forked session had when it stopped.
func (a *Agent) Restore(rp *session.Replay) {
	a.messages = slices.Clone(rp.Window)
	a.counted, a.failedOn = counted{}, 0
	a.Grants().Replace(rp.Grants)
}

// Rebuild is what a replay needs from the agent: today's system prompt,
// the agent's own pure compaction, and where ply runs now.
func Rebuild(cwd string) session.Rebuild {
	return session.Rebuild{System: SystemPrompt, Compact: compact, Cwd: cwd}
}

// add is the one way a message joins the conversation: the window and the
// log change together, so that a replay of the log rebuilds the window.
func (a *Agent) add(m llm.Message) {
	a.messages = append(a.messages, m)
	a.record(session.Message{Message: m})
}

// record appends d to the session log, if there is one. A failed append
// keeps its error for the user to see, and the turn goes on: losing the
// record is better than losing the work. A log whose write failed refuses
// every later event itself, so that a torn line is never followed by one.
func (a *Agent) record(d session.Data) {
	if a.rec.log == nil {
		return
	}
	if _, err := a.rec.log.Append(d); err != nil && a.rec.err == nil {
		a.rec.err = err
	}
}

// recordUsage adds a turn's tokens to the log's running total.
func (a *Agent) recordUsage(u llm.Usage) {
	if a.rec.log == nil || u == (llm.Usage{}) {
		return
	}
	if err := a.rec.log.AddUsage(u); err != nil && a.rec.err == nil {
		a.rec.err = err
	}
}

// RecordGrants logs the whole set of grants when it has changed since it
// was last logged: after an "always", and after /revoke.
func (a *Agent) RecordGrants() {
	now := a.Grants().List()
	if slices.Equal(now, a.rec.grants) {
		return
	}
	a.rec.grants = now
	a.record(session.Grants{Grants: now})
}

// recording returns emit with the log written on the way: how each tool
// call went, a failed turn's error, and what a turn cost. A tool_end is
// logged before the tool's message, which runCalls adds right after it.
func (a *Agent) recording(emit func(Event)) func(Event) {
	return func(e Event) {
		switch e := e.(type) {
		case ToolEnd:
			a.RecordGrants()
			a.record(loggedToolEnd(e))
		case Failed:
			a.record(session.Failure{Message: e.Err.Error()})
		case TurnDone:
			a.recordUsage(e.Usage)
		case RoundLimit:
			a.recordUsage(e.Usage)
		case Repeated:
			a.recordUsage(e.Usage)
		case OutOfRoom:
			a.recordUsage(e.Usage)
		}
		emit(e)
	}
}

// loggedToolEnd is the log's record of a ToolEnd.
func loggedToolEnd(e ToolEnd) session.ToolEnd {
	outcome := session.OutcomeOK
	switch {
	case e.Denied:
		outcome = session.OutcomeDenied
	case e.Err != nil:
		outcome = session.OutcomeError
	}
	return session.ToolEnd{
		ID: e.ID, Name: e.Name, Outcome: outcome,
		ElapsedMS: e.Elapsed.Milliseconds(), Chars: e.Chars, Truncated: e.Truncated,
	}
}

// recordCompact logs a compaction with the summary it used, so that a
// replay re-runs compact with the same summary instead of asking again.
func (a *Agent) recordCompact(summary string, c Compaction) {
	var through int64
	if a.rec.log != nil {
		through = a.rec.log.LastSeq()
	}
	a.record(session.Compact{Summary: summary, ThroughSeq: through, TokensBefore: c.Before, TokensAfter: c.After})
}

// Continue finishes a turn that a crash interrupted: it sends the
// conversation as it is, without a new message from the user, and goes
// round the loop as Send does. It reports false, and does nothing, when
// the conversation does not wait for an answer: it must end in the user's
// message or in tool results.
func (a *Agent) Continue(ctx context.Context, emit func(Event)) bool {
	if !a.Waiting() {
		return false
	}
	a.loop(ctx, len(a.messages)-1, emit)
	return true
}

// Waiting reports whether the conversation waits for the model's answer:
// it ends in the user's message or in tool results, as a turn that a
// crash interrupted does.
func (a *Agent) Waiting() bool {
	last := a.messages[len(a.messages)-1]
	return len(a.messages) > 1 && (last.Role == llm.RoleUser || last.Role == llm.RoleTool)
}
