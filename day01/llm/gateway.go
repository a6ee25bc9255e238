package llm

import "context"

// Gateway is a model that ply can talk to.
//
// A gateway remembers nothing between calls: the conversation lives with
// the caller, and everything the model should know must be in
// req.Messages. That one rule lets the scripted Mock and a real server
// stand in for each other.
type Gateway interface {
	// Complete sends the conversation and returns the model's reply.
	// When ctx is cancelled or times out, Complete stops waiting and
	// returns an error that wraps ctx.Err(). It must neither change
	// req.Messages nor keep it: the caller goes on using that slice.
	Complete(ctx context.Context, req Request) (Message, error)
}
