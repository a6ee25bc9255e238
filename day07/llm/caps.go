package llm

import (
	"fmt"
	"io"
)

// The caps on what ply reads of one answer. Each server text has one: an
// error body (maxErrorBody, in errors.go), one event of a stream
// (maxEvent, in sse.go, which is maxReply), and these two. Past a cap, the attempt ends with
// an error that names it, having held no more than the cap in memory.
const (
	// maxReply is the most one reply may hold: its text, and its calls'
	// IDs, names and arguments, streamed or in one piece. The window
	// keeps far less of a reply than this (see agent.hold); the rest is
	// room for a call the agent can refuse with advice, such as writing
	// a big file in parts, rather than a reply it has to cut off.
	maxReply = 4 << 20
	// maxAnswer is the most ply reads of one streamed answer, on the wire:
	// events, comments and blank lines, which cost memory only one event
	// at a time, but time for ever. OpenAI streams a call's arguments a
	// few characters an event, some 40 times their size on the wire.
	maxAnswer = 64 * maxReply
	// fragmentCost is what a fragment of a call counts against maxReply
	// besides its ID, name and arguments: the call it may start takes
	// memory of its own, and fragments that carry nothing but a new index
	// would otherwise cost nothing.
	fragmentCost = 64
)

// The errors of an answer too long to read.
var (
	// ErrReplyTooLong means a reply passed maxReply.
	ErrReplyTooLong = fmt.Errorf("the reply is longer than %d MiB, more than ply reads of one reply", maxReply>>20)
	// ErrAnswerTooLong means a server's answer passed maxAnswer.
	ErrAnswerTooLong = fmt.Errorf("the server's answer is longer than %d MiB, more than ply reads of one answer", maxAnswer>>20)
)

// capReader reads r until n bytes have come, and then fails with tooLong
// if r has more.
type capReader struct {
	r       io.Reader
	n       int64 // bytes still allowed
	tooLong error
}

func (c *capReader) Read(p []byte) (int, error) {
	if c.n <= 0 {
		// One byte more tells an input that ends at the cap from one that
		// goes on.
		var one [1]byte
		if n, err := c.r.Read(one[:]); n == 0 && err != nil {
			return 0, err
		}
		return 0, c.tooLong
	}
	if int64(len(p)) > c.n {
		p = p[:c.n]
	}
	n, err := c.r.Read(p)
	c.n -= int64(n)
	return n, err
}

// cappedStream is a Stream that ends with ErrReplyTooLong once the deltas
// it has handed out hold more than maxReply.
type cappedStream struct {
	Stream
	size int   // bytes of text, IDs, names and arguments handed out
	err  error // ErrReplyTooLong, once the cap is passed
}

// Next moves to the next delta, unless it would take the reply past
// maxReply: then the stream ends there, and the delta is not handed out.
func (s *cappedStream) Next() bool {
	if s.err != nil || !s.Stream.Next() {
		return false
	}
	d := s.Stream.Delta()
	s.size += len(d.Text)
	for _, call := range d.ToolCalls {
		s.size += fragmentCost + len(call.ID) + len(call.Name) + len(call.Arguments)
	}
	if s.size > maxReply {
		s.err = ErrReplyTooLong
		return false
	}
	return true
}

// Err returns ErrReplyTooLong when the cap ended the stream, and the
// stream's own error otherwise.
func (s *cappedStream) Err() error {
	if s.err != nil {
		return s.err
	}
	return s.Stream.Err()
}
