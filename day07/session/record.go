package session

import (
	"ply/day07/agent"
	"ply/day07/llm"
)

// record writes a change the agent reports to the log in use, in the
// log's words: a message joined the conversation, a compaction, the
// grants, how a tool call went, a failed turn, what a turn cost. The
// agent reports each before it goes on, so the log is never behind the
// window: a process killed at any moment has lost nothing it had done.
// The rest of what a turn does (its text as it streams, a call starting,
// a wait before a retry) is for the screen, and not logged. What the
// agent reports while restore gives it back a log's contents is in that
// log already.
func (r *Recorder) record(e agent.Event) {
	if r.log == nil || r.restoring {
		return
	}
	switch e := e.(type) {
	case agent.Added:
		r.append(Message{Message: e.Message})
	case agent.Compacted:
		// A replay runs compact again with this summary instead of asking
		// the model for another.
		r.append(Compact{Summary: e.Summary, ThroughSeq: r.log.LastSeq(), TokensBefore: e.Before, TokensAfter: e.After})
	case agent.GrantsChanged:
		r.append(Grants{Grants: e.Grants, Cwd: r.cwd})
	case agent.ToolEnd:
		r.append(toolEnd(e))
	case agent.Failed:
		r.append(Failure{Message: e.Err.Error()})
	case agent.TurnDone:
		r.addUsage(e.Usage)
	case agent.RoundLimit:
		r.addUsage(e.Usage)
	case agent.Repeated:
		r.addUsage(e.Usage)
	case agent.OutOfRoom:
		r.addUsage(e.Usage)
	}
}

// toolEnd is the log's record of how a tool call went.
func toolEnd(e agent.ToolEnd) ToolEnd {
	outcome := OutcomeOK
	switch {
	case e.Denied:
		outcome = OutcomeDenied
	case e.Cancelled:
		outcome = OutcomeCancelled
	case e.Skipped:
		outcome = OutcomeLoopStopped
	case e.Err != nil:
		outcome = OutcomeError
	}
	return ToolEnd{
		ID: e.ID, Name: e.Name, Outcome: outcome,
		ElapsedMS: e.Elapsed.Milliseconds(), Chars: e.Chars, Truncated: e.Truncated,
	}
}

// append appends d to the log in use. A failed append keeps its error for
// the user to see, and the turn goes on: losing the record is better than
// losing the work. A log whose write failed refuses every later event
// itself, so that a torn line is never followed by one.
func (r *Recorder) append(d Data) {
	if _, err := r.log.Append(d); err != nil && r.err == nil {
		r.err = err
	}
}

// addUsage adds a turn's tokens to the log's running total.
func (r *Recorder) addUsage(u llm.Usage) {
	if u == (llm.Usage{}) {
		return
	}
	if err := r.log.AddUsage(u); err != nil && r.err == nil {
		r.err = err
	}
}
