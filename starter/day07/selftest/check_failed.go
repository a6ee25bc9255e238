package selftest

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"ply/day07/agent"
	"ply/day07/llm"
	"ply/day07/tools"
)

// breaks is a gateway whose replies call echo for rounds requests, and
// which then fails, as a server that falls over in the middle of a turn.
type breaks struct{ rounds int }

// errBroken is how breaks fails.
var errBroken = errors.New("502 Bad Gateway")

func (b breaks) Stream(ctx context.Context, req llm.Request) (llm.Stream, error) {
	rounds := 0
	for _, m := range req.Messages {
		if len(m.ToolCalls) > 0 {
			rounds++
		}
	}
	if rounds >= b.rounds {
		return nil, errBroken
	}
	id := fmt.Sprintf("call_%d", rounds)
	return &deltas{ctx: ctx, list: []llm.StreamDelta{fragment(0, id, "echo", `{}`), {Finish: "tool_calls"}}}, nil
}

func failedTurnKeepsTools(ctx context.Context) error {
	tests := []struct {
		rounds int
		want   []string // the roles of the conversation after the turn
	}{
		{0, []string{"system", "user"}},
		{2, []string{"system", "user", "assistant", "tool", "assistant", "tool"}},
	}
	for _, tt := range tests {
		a := agent.New(breaks{rounds: tt.rounds}, "m", tools.NewRegistry(echo{}))
		var last agent.Event
		a.Send(ctx, "go", func(e agent.Event) { last = e })
		if failed, ok := last.(agent.Failed); !ok || !errors.Is(failed.Err, errBroken) {
			return fmt.Errorf("after %d rounds the turn ended with %#v, want agent.Failed with the server's error", tt.rounds, last)
		}
		var roles []string
		for _, m := range a.Messages() {
			roles = append(roles, m.Role)
		}
		if !slices.Equal(roles, tt.want) {
			return fmt.Errorf("a turn that failed after %d rounds of tools leaves the roles %v, want %v", tt.rounds, roles, tt.want)
		}
	}
	return nil
}
