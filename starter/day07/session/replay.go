package session

import (
	"slices"

	"ply/day07/llm"
)

// Compactor is the agent's compaction: it returns window with the
// messages a summary replaces taken out and the summary put in. It must
// be pure, a function of its arguments alone, and it must not write to
// the log: replay calls it again, with the summary the log kept, to
// rebuild what the live session did, and replaying an event is not the
// event.
type Compactor func(window []llm.Message, summary string) []llm.Message

// Replay rebuilds, from a log's events, the window of messages the model
// was sent. Apply the events in log order, then call Finish.
//
// Only message events add to the window. tool_end holds what a tool's
// result does not (its time, its size, its outcome); the result itself is
// the tool message logged right after it, so rebuilding from both would
// send it twice.
type Replay struct {
	Window     []llm.Message // the system prompt, then the conversation as the model last saw it
	Grants     Grants        // the last grants event: the "always" approvals, sorted, and where they were given
	Usage      Usage         // the running total of the last usage event
	Meta       Meta          // the log's meta line
	LastSeq    int64         // seq of the last event applied
	Replayed   int           // message events appended to the window
	Skipped    int           // events that change neither the window nor the grants
	Dropped    int           // messages of a turn cut off before all its tool calls were answered
	Unfinished bool          // the last turn has no final answer yet; set by Finish
	Repaired   *LineError    // the torn last line Resume cut off; nil when there was none

	compact Compactor
	open    int // index in Window of the assistant message whose calls are being answered
	waiting int // how many of those calls have no answer yet; 0 when none
}

// NewReplay returns a replay that starts from a fresh window holding only
// system, today's system prompt, and re-runs compact at each compact
// event.
func NewReplay(system string, compact Compactor) *Replay {
	return &Replay{
		Window:  []llm.Message{{Role: llm.RoleSystem, Content: system}},
		compact: compact,
	}
}

// Apply applies one event. It keeps what the REPL wants to know about the
// log, then rebuilds.
func (rp *Replay) Apply(ev Event) {
	rp.LastSeq = ev.Seq
	switch d := ev.Data.(type) {
	case Meta:
		if rp.Meta.V == 0 {
			rp.Meta = d
		}
	case Usage:
		rp.Usage = d
	}
	rp.rebuild(ev)
}

// rebuild applies one event to the window and the grants.
func (rp *Replay) rebuild(ev Event) {
	// TODO(lab 3): A Message is then in the window (rp.add) and counted in
	// rp.Replayed; after a Compact the window is rp.compact of itself, no cut
	// round in it; rp.Grants is the last Grants; others add one to rp.Skipped.
	// See "Exercise 3" in README.md; for hints: go run ply/cmd/lab hint day07 3
}

// add appends m to the window, keeping track of the tool round it opens
// or answers: a message that is not an answer to the round's calls ends
// the round, and drops it when it was cut short.
func (rp *Replay) add(m llm.Message) {
	// TODO(lab 3): m ends last in the window. A tool message answers the open
	// round; any other ends it first (rp.dropCut); an assistant message with
	// calls opens one at its index (rp.open), waiting for them (rp.waiting).
	// See "Exercise 3" in README.md; for hints: go run ply/cmd/lab hint day07 3
}

// dropCut drops a tool round that a crash cut off: the assistant message
// whose calls are not all answered, and the answers it did get.
func (rp *Replay) dropCut() {
	// TODO(lab 3): Afterwards rp.waiting is 0. A round whose calls were not all
	// answered is gone from the window, with the answers it got; rp.Dropped
	// counts what went.
	// See "Exercise 3" in README.md; for hints: go run ply/cmd/lab hint day07 3
}

// GrantsFor returns the grants of the log that hold for a ply that runs in
// cwd, and the directory they were given in: the last grants event's,
// when that is cwd, and none when it is elsewhere.
func (rp *Replay) GrantsFor(cwd string) (grants []string, givenIn string) {
	givenIn = rp.Grants.Cwd
	if givenIn == "" {
		givenIn = rp.Meta.Cwd // a log written before grants kept where they were given
	}
	if givenIn != cwd {
		return nil, givenIn
	}
	return slices.Clone(rp.Grants.Grants), givenIn
}

// Finish ends the replay after the last event: it drops a tool round the
// log ends in the middle of, and sets Unfinished when the last turn still
// waits for the model's answer, by the agent's own rule ([agent.Waits]).
// /continue finishes such a turn by sending the window as it is.
func (rp *Replay) Finish() {
	// TODO(lab 3): Afterwards no round whose calls are not all answered is left
	// in the window, and rp.Unfinished is what agent.Waits says of the window.
	// See "Exercise 3" in README.md; for hints: go run ply/cmd/lab hint day07 3
}
