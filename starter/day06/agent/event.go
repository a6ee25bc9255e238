package agent

import (
	"time"

	"ply/day06/llm"
)

// Event is something the agent did during a turn, for the user interface
// to show. Where an llm.StreamDelta is what the gateway said, an Event is
// what the loop made of it: the ui package renders Events and never sees
// the wire. A turn sends Text events and, for each tool call, a ToolStart
// and a ToolEnd (with ToolProgress between them while the tool runs),
// with Retrying, Compacted and CompactFailed where they happen, then
// exactly one of TurnDone, Failed, Cancelled, RoundLimit, Repeated or
// OutOfRoom. Added and GrantsChanged are for a watcher (see Agent.Watch),
// and never reach a turn's emit.
type Event interface {
	event()
}

// Text is the next fragment of the reply, to show as it arrives.
type Text struct {
	Text string
}

// TurnDone ends a turn whose reply is complete.
type TurnDone struct {
	Usage llm.Usage // what the turn cost; zero when the server did not say
}

// Failed ends a turn that went wrong. The text shown so far stays on the
// screen, and in the conversation with the user's message and the rounds
// whose tools ran: a reply that broke part way is not asked for again,
// since a new reply would not continue the old one.
type Failed struct {
	Err  error
	Kept bool // the text of the broken reply stays in the conversation
}

// Cancelled ends a turn the user stopped.
type Cancelled struct {
	Kept bool // the part of the reply shown so far stays in the conversation
}

// ToolStart says a tool call is about to run.
type ToolStart struct {
	ID, Name  string
	Arguments string // as the model wrote them
}

// ToolEnd says how a tool call went.
type ToolEnd struct {
	ID, Name  string
	Arguments string        // as the tool read them: what it really ran with (see tools.Result)
	Err       error         // why it failed; nil when it worked
	Cancelled bool          // the user stopped the turn while it ran, or, Skipped, before it could
	Skipped   bool          // it never ran: the turn ended first, or the reply made too many calls; Err says why
	Denied    bool          // it never ran: the gate or the human refused it, and Err says why
	Elapsed   time.Duration // how long it ran
	Chars     int           // the length of its whole output
	Output    string        // what the model was given of it, for the screen to preview
	Truncated bool          // the model got only the head and tail of the output
}

// RoundLimit ends a turn whose model still called tools after MaxRounds
// rounds of them.
// The conversation keeps the rounds, and the calls of the last one are
// answered as not run, so the user can tell the model to go on.
type RoundLimit struct {
	Rounds int
	Usage  llm.Usage // what the turn cost, all its requests together
}

// Retrying says a request failed in a way that may pass, and ply waits
// before it sends the request again.
type Retrying struct {
	Attempt  int           // the attempt that comes after the wait: 2 for the first retry
	Attempts int           // how many attempts there will be at most
	Wait     time.Duration // how long ply waits
	Err      error         // why the last attempt failed
}

// Compacted says the conversation had grown past three quarters of the
// budget and was compacted before the next request.
type Compacted struct {
	Compaction
}

// CompactFailed says a compaction the conversation needed did not happen.
// The turn goes on while the conversation still fits the budget.
type CompactFailed struct {
	Err error
}

// Repeated ends a turn whose model made the same call MaxRepeats times in
// a row. The last call is answered as not run, with a note that tells the
// model why, and the user decides what happens next.
type Repeated struct {
	Name, Arguments string
	Usage           llm.Usage // what the turn cost
}

// OutOfRoom ends a turn whose conversation no longer fits the budget, even
// after compaction: the turn itself has grown too large.
type OutOfRoom struct {
	Size, Budget int       // in tokens
	Usage        llm.Usage // what the turn cost
}

// Added says a message joined the conversation.
type Added struct {
	Message llm.Message
}

// GrantsChanged says the "always" answers of the session changed: a
// question answered "always", a /revoke, a session's grants restored.
type GrantsChanged struct {
	Grants []string // the whole set as it now is, sorted
}

func (Text) event()       {}
func (TurnDone) event()   {}
func (Failed) event()     {}
func (Cancelled) event()  {}
func (ToolStart) event()  {}
func (ToolEnd) event()    {}
func (RoundLimit) event() {}

func (Retrying) event()      {}
func (Compacted) event()     {}
func (CompactFailed) event() {}
func (Repeated) event()      {}
func (OutOfRoom) event()     {}

func (Added) event()         {}
func (GrantsChanged) event() {}
