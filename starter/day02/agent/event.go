package agent

import "ply/day02/llm"

// Event is something the agent did during a turn, for the user interface
// to show. Where an llm.StreamDelta is what the gateway said, an Event is
// what the loop made of it: the ui package renders Events and never sees
// the wire. A turn sends any number of Text events, then exactly one of
// TurnDone, Failed or Cancelled.
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

func (Text) event()      {}
func (TurnDone) event()  {}
func (Failed) event()    {}
func (Cancelled) event() {}
