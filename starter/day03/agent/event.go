package agent

import (
	"time"

	"ply/day03/llm"
)

// Event is something the agent did during a turn, for the user interface
// to show. Where an llm.StreamDelta is what the gateway said, an Event is
// what the loop made of it: the ui package renders Events and never sees
// the wire. A turn sends Text events and, for each tool call, a ToolStart
// and a ToolEnd, then exactly one of TurnDone, Failed, Cancelled or
// RoundLimit.
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
// screen, but the conversation is as it was before the turn.
type Failed struct {
	Err error
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

func (Text) event()       {}
func (TurnDone) event()   {}
func (Failed) event()     {}
func (Cancelled) event()  {}
func (ToolStart) event()  {}
func (ToolEnd) event()    {}
func (RoundLimit) event() {}
