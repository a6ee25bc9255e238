package selftest

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"ply/day07/agent"
	"ply/day07/llm"
	"ply/day07/llm/llmtest"
	"ply/day07/tools"
)

// step is a tool that calls point as it starts and as it ends, so that a
// check can cancel there, and answers with its arguments.
type step struct{ point func() }

func (step) Name() string            { return "step" }
func (step) Description() string     { return "Takes one step." }
func (step) Schema() json.RawMessage { return json.RawMessage(`{"type":"object"}`) }
func (step) Args() any               { return new(map[string]any) }
func (step) ReadOnly() bool          { return true }
func (s step) Run(ctx context.Context, args json.RawMessage) (string, error) {
	s.point()
	defer s.point()
	return "took " + string(args), ctx.Err()
}

// twoRounds is a turn of two rounds of three parallel calls each, and an
// answer.
func twoRounds() [][]llm.StreamDelta {
	return [][]llm.StreamDelta{
		calling("step", `{"n":1}`, `{"n":2}`, `{"n":3}`),
		calling("step", `{"n":4}`, `{"n":5}`, `{"n":6}`),
		done,
	}
}

// cancelAt runs twoRounds with Ctrl-C at point at of the turn, counting
// each delta, each event and each start and end of a tool; 0 never
// cancels. It returns the conversation after the turn, the requests sent,
// and how many points the turn passed.
func cancelAt(ctx context.Context, at int) ([]llm.Message, [][]llm.Message, int) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	points := 0
	point := func() {
		if points++; points == at {
			cancel()
		}
	}
	g := &llmtest.Script{Replies: llmtest.Replies(twoRounds()...), Before: point}
	a := agent.New(g, "m", tools.NewRegistry(step{point}))
	a.Send(ctx, "go", func(agent.Event) { point() })
	var sent [][]llm.Message
	for _, req := range g.Requests() {
		sent = append(sent, req.Messages)
	}
	return a.Messages(), sent, points
}

func cancelMidRound(ctx context.Context) error {
	// Cancel at the first point after which the conversation holds a round
	// of calls: that is inside the first round of tools.
	for at := 1; ; at++ {
		msgs, _, _ := cancelAt(ctx, at)
		if !startedRound(msgs) {
			continue
		}
		if err := agent.WellFormed(msgs); err != nil {
			return fmt.Errorf("after Ctrl-C in the first round of tools: %v", err)
		}
		for _, m := range msgs {
			if m.Role == llm.RoleTool && strings.HasPrefix(m.Content, "took") {
				continue
			}
			if m.Role == llm.RoleTool && !strings.Contains(m.Content, "cancel") && !strings.Contains(m.Content, "stopped the turn") {
				return fmt.Errorf("a call that did not finish is answered %q, want it to say it was cancelled, or that the user stopped the turn", m.Content)
			}
		}
		return nil
	}
}

// startedRound reports whether the conversation holds a round of calls:
// the turn got as far as the tools.
func startedRound(msgs []llm.Message) bool {
	for _, m := range msgs {
		if len(m.ToolCalls) > 0 {
			return true
		}
	}
	return false
}

func cancelAnywhere(ctx context.Context) error {
	_, _, points := cancelAt(ctx, 0)
	for at := 1; at <= points; at++ {
		msgs, requests, _ := cancelAt(ctx, at)
		if err := agent.WellFormed(msgs); err != nil {
			return fmt.Errorf("Ctrl-C at point %d of %d: %v", at, points, err)
		}
		for i, req := range requests {
			if err := agent.WellFormed(req); err != nil {
				return fmt.Errorf("Ctrl-C at point %d of %d: request %d: %v", at, points, i+1, err)
			}
		}
	}
	return nil
}
