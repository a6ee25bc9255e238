// Package llmtest holds the stand-in for a model that ply's tests and its
// self-check share. A test of the agent or the REPL needs a model that
// says exactly this, or fails exactly so, at exactly that moment; written
// once here, each test only writes its script.
package llmtest

import (
	"context"
	"errors"
	"slices"
	"sync"
	"time"

	"ply/day03/llm"
)

// Reply is how a Script answers one request: its deltas in order, then
// the end of the stream. The zero Reply is a stream that ends at once.
type Reply struct {
	Deltas []llm.StreamDelta
	// Refuse, when set, is returned by Stream before any stream, as a
	// server out of reach or one that says no.
	Refuse error
	// AtEnd, when set, is called once the deltas have run out: a test
	// presses Ctrl-C there, after what the user has already seen.
	AtEnd func()
	// Hold makes the stream wait, after its deltas, until the context is
	// done, as a slow model does; it gives up after HoldLimit, so that a
	// test whose cancel never comes fails instead of hanging.
	Hold bool
	// Err is how the stream ends after its deltas: a cut connection, a
	// server failing mid-reply. Without it the stream ends with the
	// context's error, nil unless the user cancelled.
	Err error
	// Pass, when set, answers the request in the Script's place: the Mock,
	// for the requests a test has nothing special to say to.
	Pass llm.Gateway
}

// Replies makes a Reply of each list of deltas, for the many scripts whose
// replies are nothing more.
func Replies(deltas ...[]llm.StreamDelta) []Reply {
	replies := make([]Reply, len(deltas))
	for i, d := range deltas {
		replies[i].Deltas = d
	}
	return replies
}

// Text is the deltas of a reply's text, one piece each, as a model
// streams it; a reply that is not finished, unless a delta with the
// finish follows.
func Text(pieces ...string) []llm.StreamDelta {
	var deltas []llm.StreamDelta
	for _, p := range pieces {
		deltas = append(deltas, llm.StreamDelta{Text: p})
	}
	return deltas
}

// HoldLimit is how long a held stream waits for its cancel.
const HoldLimit = 10 * time.Second

// ErrNeverCancelled ends a held stream whose cancel did not come.
var ErrNeverCancelled = errors.New("held for a cancel that never came")

// Script is a gateway that answers each request with the next of its
// Replies, and with the last one again once they run out. It keeps a copy
// of every request, so that a test can ask what was sent, and counts the
// streams it opened and those closed again, so that a test can ask
// whether every stream was let go of. It is safe for concurrent use.
type Script struct {
	Replies []Reply

	mu             sync.Mutex
	requests       []llm.Request
	opened, closed int
}

// Stream keeps a copy of req and answers it with the next Reply. A
// context that is done already fails the call before any stream, as it
// fails a real one.
func (s *Script) Stream(ctx context.Context, req llm.Request) (llm.Stream, error) {
	reply := s.next(ctx, req)
	switch {
	case ctx.Err() != nil:
		return nil, ctx.Err()
	case reply.Pass != nil:
		return reply.Pass.Stream(ctx, req)
	case reply.Refuse != nil:
		return nil, reply.Refuse
	}
	return &stream{ctx: ctx, reply: reply, script: s}, nil
}

// next keeps a copy of req and returns the Reply it gets, counting the
// stream it opens.
func (s *Script) next(ctx context.Context, req llm.Request) Reply {
	s.mu.Lock()
	defer s.mu.Unlock()
	req.Messages = slices.Clone(req.Messages)
	s.requests = append(s.requests, req)
	var reply Reply
	if len(s.Replies) > 0 {
		reply = s.Replies[min(len(s.requests), len(s.Replies))-1]
	}
	if ctx.Err() == nil && reply.Pass == nil && reply.Refuse == nil {
		s.opened++
	}
	return reply
}

// Requests returns a copy of every request the Script was sent, in order.
func (s *Script) Requests() []llm.Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.requests)
}

// Streams says how many streams the Script opened, and how many times
// they were closed.
func (s *Script) Streams() (opened, closed int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.opened, s.closed
}

// stream hands out one Reply's deltas, then ends as the Reply says.
type stream struct {
	ctx    context.Context
	reply  Reply // its Deltas are the ones not handed out yet
	script *Script
	now    llm.StreamDelta
	err    error
	ended  bool
}

func (s *stream) Next() bool {
	switch {
	case s.ended:
		return false
	case s.ctx.Err() != nil:
		s.end(s.ctx.Err())
		return false
	case len(s.reply.Deltas) > 0:
		s.now, s.reply.Deltas = s.reply.Deltas[0], s.reply.Deltas[1:]
		return true
	}
	if s.reply.AtEnd != nil {
		s.reply.AtEnd()
	}
	if s.reply.Hold {
		s.hold()
	}
	if s.reply.Err != nil {
		s.end(s.reply.Err)
	} else {
		s.end(s.ctx.Err())
	}
	return false
}

// hold waits for the context to be done, or ends the stream with
// ErrNeverCancelled after HoldLimit.
func (s *stream) hold() {
	select {
	case <-s.ctx.Done():
	case <-time.After(HoldLimit):
		s.end(ErrNeverCancelled)
	}
}

// end ends the stream with err, unless it has ended already.
func (s *stream) end(err error) {
	if !s.ended {
		s.ended, s.err = true, err
	}
}

func (s *stream) Delta() llm.StreamDelta { return s.now }
func (s *stream) Err() error             { return s.err }

func (s *stream) Close() error {
	s.script.mu.Lock()
	defer s.script.mu.Unlock()
	s.script.closed++
	return nil
}
