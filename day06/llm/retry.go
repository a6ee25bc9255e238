package llm

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"time"
)

// Retrying is a Gateway that sends a request again, after a wait, when the
// gateway behind it fails in a way that may pass: see retryable. It wraps
// any Gateway, the Mock too, so that the code path is the same offline and
// against a real server.
//
// Only a failure before the reply began is retried: that is when
// Stream returns an error. A reply that breaks part way, after the user
// has seen some of it, is never retried: sending the request again would
// show the start of a different reply after it. The caller decides what
// to do with what arrived.
type Retrying struct {
	Gateway  Gateway                                          // the gateway asked, and asked again
	Schedule Schedule                                         // how often, and after what waits
	Random   func() float64                                   // a number in [0, 1) for each wait
	Sleep    func(ctx context.Context, d time.Duration) error // waits d, or less when ctx ends, and returns ctx's error then
}

// NewRetrying returns g with retries on DefaultSchedule, real randomness and
// a real clock.
func NewRetrying(g Gateway) *Retrying {
	return &Retrying{Gateway: g, Schedule: DefaultSchedule, Random: rand.Float64, Sleep: sleep}
}

// Retry is one wait before a retry, for the user to see.
type Retry struct {
	Attempt  int           // the attempt that will follow the wait: 2 for the first retry
	Attempts int           // how many attempts there will be at most
	Wait     time.Duration // how long the wait is
	Err      error         // why the last attempt failed
}

// Stream sends req through the gateway, and sends it again after a wait
// each time it fails in a way that may pass, up to r.Schedule.Attempts
// times in all. Before each wait it tells the function that
// WithRetryNotice put in ctx. Cancelling ctx ends a wait at once.
func (r *Retrying) Stream(ctx context.Context, req Request) (Stream, error) {
	for attempt := 1; ; attempt++ {
		s, err := r.Gateway.Stream(ctx, req)
		if err == nil || !retryable(err) || ctx.Err() != nil {
			return s, err
		}
		if attempt >= r.Schedule.Attempts {
			return nil, fmt.Errorf("%w (gave up after %d attempts)", err, attempt)
		}
		wait, ok := r.Schedule.Wait(attempt, r.Random(), hintOf(err))
		if !ok {
			return nil, fmt.Errorf("%w (the server asks to wait %s; ply waits %s at most, so it does not ask again)",
				err, waitText(hintOf(err)), waitText(r.Schedule.MaxHint))
		}
		notice(ctx)(Retry{Attempt: attempt + 1, Attempts: r.Schedule.Attempts, Wait: wait, Err: err})
		if err := r.Sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

// hintOf returns the wait the server asked for with err, 0 when none.
func hintOf(err error) time.Duration {
	var apiErr *APIError
	if errors.As(err, &apiErr) {
		return apiErr.RetryAfter
	}
	return 0
}

// sleep waits d on the real clock, or less when ctx ends first.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// noticeKey is the key under which WithRetryNotice keeps its function.
type noticeKey struct{}

// WithRetryNotice returns a copy of ctx that carries tell: a Retrying
// gateway calls it before each wait, so that the user can see why nothing
// happens for a while. The function belongs to one request, not to the
// gateway, the way net/http/httptrace hooks do: the agent sends each turn's
// notices to that turn's events.
func WithRetryNotice(ctx context.Context, tell func(Retry)) context.Context {
	return context.WithValue(ctx, noticeKey{}, tell)
}

// notice returns the function WithRetryNotice put in ctx, or one that does
// nothing.
func notice(ctx context.Context) func(Retry) {
	if tell, ok := ctx.Value(noticeKey{}).(func(Retry)); ok {
		return tell
	}
	return func(Retry) {}
}
