package selftest

import (
	"context"
	"fmt"
	"time"

	"ply/day07/llm"
)

// The test doubles the checks share: gateways that fail on cue or stream a
// script, and a clock that never makes a check wait.

// flaky is a gateway that fails with each of errs in turn, then answers
// with the Mock. It counts the requests it gets.
type flaky struct {
	errs  []error
	calls int
}

func (f *flaky) Stream(ctx context.Context, req llm.Request) (llm.Stream, error) {
	f.calls++
	if f.calls <= len(f.errs) {
		return nil, f.errs[f.calls-1]
	}
	return llm.Mock{}.Stream(ctx, req)
}

// clock is a Sleep for llm.Retrying that notes each wait and returns at
// once.
type clock struct{ waits []time.Duration }

func (c *clock) sleep(ctx context.Context, d time.Duration) error {
	c.waits = append(c.waits, d)
	return ctx.Err()
}

// retrying wraps g with the default schedule, a random number that is
// always one half, and c for a clock.
func retrying(g llm.Gateway, c *clock) *llm.Retrying {
	return &llm.Retrying{Gateway: g, Schedule: llm.DefaultSchedule, Random: func() float64 { return 0.5 }, Sleep: c.sleep}
}

// cued is a gateway that streams its replies in turn, each a list of
// deltas, and then the same last reply for ever. It keeps every request,
// and calls each point before each delta, so that a check can cancel there.
type cued struct {
	replies  [][]llm.StreamDelta
	requests [][]llm.Message
	point    func()
}

func (g *cued) Stream(ctx context.Context, req llm.Request) (llm.Stream, error) {
	g.requests = append(g.requests, req.Messages)
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	reply := g.replies[min(len(g.requests), len(g.replies))-1]
	return &cuedDeltas{ctx: ctx, list: reply, point: g.point}, nil
}

// cuedDeltas is a stream over a list of deltas that calls point before each.
type cuedDeltas struct {
	ctx   context.Context
	list  []llm.StreamDelta
	now   llm.StreamDelta
	point func()
}

func (d *cuedDeltas) Next() bool {
	if d.point != nil {
		d.point()
	}
	if len(d.list) == 0 || d.ctx.Err() != nil {
		return false
	}
	d.now, d.list = d.list[0], d.list[1:]
	return true
}
func (d *cuedDeltas) Delta() llm.StreamDelta { return d.now }
func (d *cuedDeltas) Err() error             { return d.ctx.Err() }
func (d *cuedDeltas) Close() error           { return nil }

// calling is a reply that calls tool once with each of args, in parallel,
// giving the calls the IDs c1, c2 and so on.
func calling(tool string, args ...string) []llm.StreamDelta {
	var reply []llm.StreamDelta
	for i, a := range args {
		id := fmt.Sprintf("c%d", i+1)
		reply = append(reply, llm.StreamDelta{ToolCalls: []llm.ToolCallDelta{{Index: i, ID: id, Name: tool, Arguments: a}}})
	}
	return append(reply, llm.StreamDelta{Finish: "tool_calls"})
}
