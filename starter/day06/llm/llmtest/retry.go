package llmtest

import (
	"context"
	"sync"
	"time"
)

// Failing is a model that fails with each of errs in turn, before any
// stream, and then gives answer to every request: the server a retry is
// tested against, busy a few times and then well.
func Failing(answer Reply, errs ...error) *Script {
	var replies []Reply
	for _, err := range errs {
		replies = append(replies, Reply{Refuse: err})
	}
	return &Script{Replies: append(replies, answer)}
}

// Clock is a Sleep for llm.Retrying that waits for nothing: it notes each
// wait and returns at once, so that a test of a schedule of minutes takes
// none. During, when set, runs inside every wait, so that a test can
// press Ctrl-C there. It is safe for concurrent use.
type Clock struct {
	During func()

	mu    sync.Mutex
	waits []time.Duration
}

// Sleep notes d and returns the context's error, as llm.Retrying's Sleep
// must.
func (c *Clock) Sleep(ctx context.Context, d time.Duration) error {
	c.mu.Lock()
	c.waits = append(c.waits, d)
	c.mu.Unlock()
	if c.During != nil {
		c.During()
	}
	return ctx.Err()
}

// Waits returns the waits asked for, in order.
func (c *Clock) Waits() []time.Duration {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]time.Duration(nil), c.waits...)
}
