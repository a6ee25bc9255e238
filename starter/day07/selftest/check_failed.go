package selftest

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"ply/day07/agent"
	"ply/day07/llm"
	"ply/day07/llm/llmtest"
	"ply/day07/tools"
)

// breaks is a model whose replies call echo for rounds requests, and
// which then fails, as a server that falls over in the middle of a turn.
func breaks(rounds int) *llmtest.Script {
	var replies []llmtest.Reply
	for i := range rounds {
		id := fmt.Sprintf("call_%d", i)
		replies = append(replies, llmtest.Reply{Deltas: []llm.StreamDelta{fragment(0, id, "echo", `{}`), {Finish: "tool_calls"}}})
	}
	return &llmtest.Script{Replies: append(replies, llmtest.Reply{Refuse: errBroken})}
}

// errBroken is how breaks fails.
var errBroken = errors.New("502 Bad Gateway")

func failedTurnKeepsTools(ctx context.Context) error {
	tests := []struct {
		rounds int
		want   []string // the roles of the conversation after the turn
	}{
		{0, []string{"system", "user"}},
		{2, []string{"system", "user", "assistant", "tool", "assistant", "tool"}},
	}
	for _, tt := range tests {
		a := agent.New(breaks(tt.rounds), "m", tools.NewRegistry(echo{}))
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
