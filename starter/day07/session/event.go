package session

import (
	"time"

	"ply/day07/llm"
)

// Version is the format version a meta line carries in its v field. A log
// of another version is refused rather than guessed at: its lines may
// mean something this ply does not know.
const Version = 1

// The types of event, as a line's type field spells them.
const (
	TypeMeta    = "meta"     // first line: the format version and where the session began
	TypeSystem  = "system"   // the system prompt, for people to read; replay makes a fresh one
	TypeMessage = "message"  // one message of the conversation: the only type that adds to the window
	TypeToolEnd = "tool_end" // how a tool call went: for display and audit
	TypeUsage   = "usage"    // the tokens spent so far, in total
	TypeError   = "error"    // a turn that failed, in the words the user saw
	TypeCompact = "compact"  // the window was compacted around a summary
	TypeGrants  = "grants"   // the whole set of "always" approvals, after a change
	TypeFork    = "fork"     // this log was forked from another one
)

// Event is one line of a log.
type Event struct {
	Seq  int64     // 1 for the meta line, then one more for each event: never a gap, never reused
	Time time.Time // when it happened, UTC, to the millisecond
	Data Data      // what happened; Data.Type() is the line's type
}

// Data is what an event says: one of [Meta], [System], [Message],
// [ToolEnd], [Usage], [Failure], [Compact], [Grants], [Fork], or [Unknown]
// for a type this ply does not know.
type Data interface {
	Type() string // the line's type field
}

// Meta opens every log.
type Meta struct {
	V     int    `json:"v"`     // the format version: always Version in a log that reads
	ID    string `json:"id"`    // the session the log began as; a fork keeps its parent's meta line
	Model string `json:"model"` // the model the session started with
	Cwd   string `json:"cwd"`   // the directory ply ran in, where the tools worked
	Agent string `json:"agent"` // the ply that wrote the log, such as "ply day07"
}

// System is the system prompt a process started with. Replay does not use
// it: the prompt is regenerated, so that a newer ply's prompt applies.
type System struct {
	Content string `json:"content"`
}

// Message is one message of the conversation, exactly as the model was
// sent it. It is written in OpenAI's shape (see wire.go), so that the log
// reads like the requests it rebuilds.
type Message struct {
	Message llm.Message
}

// The outcomes of a tool call, for [ToolEnd]. A call that never ran has
// one too: cancelled when the user stopped the turn before it could, and
// loop_stopped when the loop did (the same call again and again, the
// round limit, a reply with more calls than run).
const (
	OutcomeOK          = "ok"
	OutcomeError       = "error"        // the tool failed; the model read why
	OutcomeDenied      = "denied"       // the approval gate refused it
	OutcomeCancelled   = "cancelled"    // the user stopped the turn
	OutcomeLoopStopped = "loop_stopped" // the loop stopped the turn before it ran
)

// ToolEnd records how one tool call went. The result itself is in the
// tool message logged right after it; this is what the result does not
// say.
type ToolEnd struct {
	ID        string `json:"id"`         // the call's ID
	Name      string `json:"name"`       // the tool
	Outcome   string `json:"outcome"`    // OutcomeOK, OutcomeError, …
	ElapsedMS int64  `json:"elapsed_ms"` // how long it ran
	Chars     int    `json:"chars"`      // the length of its whole output
	Truncated bool   `json:"truncated"`  // the model got only the head and tail of the output
}

// Usage is the tokens the session has cost so far. It is a running total,
// not one reply's cost, so the last usage event is the whole bill.
type Usage struct {
	InputTokens  int `json:"input_tokens"`
	OutputTokens int `json:"output_tokens"`
	TotalTokens  int `json:"total_tokens"` // InputTokens + OutputTokens
}

// Failure is a turn that ended in an error; its type is "error".
type Failure struct {
	Message string `json:"message"`
}

// Compact records a compaction of the window. Replay re-runs the same
// pure compact function with this summary; it never asks the model again.
type Compact struct {
	Summary      string `json:"summary"`
	ThroughSeq   int64  `json:"through_seq"`   // the last event the summary covers
	TokensBefore int    `json:"tokens_before"` // the window's size before, estimated
	TokensAfter  int    `json:"tokens_after"`  // and after
}

// Grants is the whole set of "always" approvals after a change, sorted;
// not a difference from the last set. The last one in a log wins, and
// only where it was given: a grant is a judgement of what a command does
// in one workspace, and the same words can do something else in another.
type Grants struct {
	Grants []string `json:"grants"`
	Cwd    string   `json:"cwd"` // the directory ply ran in; "" in logs written before it was kept: the meta line's
}

// Fork says the log was copied from another session up to an event. It
// follows the copied lines, so its seq is AtSeq+1.
type Fork struct {
	From  string `json:"from"`   // the parent session's id
	AtSeq int64  `json:"at_seq"` // the last event copied
}

// Unknown is an event of a type this ply does not know, kept as it was:
// a newer ply may have written it, and replay passes over it.
type Unknown struct {
	Name string // the line's type
	Line []byte // the whole line, without its "\n"
}

func (Meta) Type() string      { return TypeMeta }
func (System) Type() string    { return TypeSystem }
func (Message) Type() string   { return TypeMessage }
func (ToolEnd) Type() string   { return TypeToolEnd }
func (Usage) Type() string     { return TypeUsage }
func (Failure) Type() string   { return TypeError }
func (Compact) Type() string   { return TypeCompact }
func (Grants) Type() string    { return TypeGrants }
func (Fork) Type() string      { return TypeFork }
func (u Unknown) Type() string { return u.Name }
