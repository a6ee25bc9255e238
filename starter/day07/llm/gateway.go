package llm

import "context"

// Gateway is a model that ply can talk to.
//
// A gateway remembers nothing between calls: the conversation lives with
// the caller, and everything the model should know must be in
// req.Messages. That one rule lets the scripted Mock and a real server
// stand in for each other.
type Gateway interface {
	// Stream sends the conversation and returns the reply as a Stream that
	// hands it over piece by piece, as the model writes it. A failure
	// before the first piece (a refusal, a server out of reach) is
	// returned here; a failure later comes from the Stream's Err. It must
	// neither change req.Messages nor keep it once the stream is closed:
	// the caller goes on using that slice.
	Stream(ctx context.Context, req Request) (Stream, error)
}

// Stream is a reply arriving in pieces. It reads like a bufio.Scanner:
//
//	for s.Next() {
//		d := s.Delta()
//		…
//	}
//	if err := s.Err(); err != nil {
//		…
//	}
//
// Once ctx is cancelled, Next returns false and Err returns ctx.Err(). The
// caller must Close the stream.
type Stream interface {
	Next() bool         // moves to the next delta; false at the end or on an error
	Delta() StreamDelta // the delta Next moved to
	Err() error         // the first error; nil when the reply ended cleanly
	Close() error       // lets go of the connection; safe to call more than once
}
