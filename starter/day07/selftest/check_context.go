package selftest

import (
	"context"
	"encoding/json"
	"fmt"

	"ply/day07/agent"
	"ply/day07/llm"
	"ply/day07/tools"
)

// readme is a read_file that knows one file, for the Mock's scenarios.
type readme struct{}

func (readme) Name() string            { return "read_file" }
func (readme) Description() string     { return "Reads README.md." }
func (readme) Schema() json.RawMessage { return json.RawMessage(`{"type":"object"}`) }
func (readme) Args() any               { return new(map[string]any) }
func (readme) ReadOnly() bool          { return true }
func (readme) Run(context.Context, json.RawMessage) (string, error) {
	return "     1\t# calc\n     2\tA small integer calculator.\n", nil
}

// chatted is an agent on the Mock that has had a conversation of three
// turns, the last of them a round of tool calls.
func chatted(ctx context.Context) *agent.Agent {
	a := agent.New(llm.Mock{}, "scripted", tools.NewRegistry(readme{}))
	for _, text := range []string{"remember that tabs are 8 wide", "what can you do?", "read the file README.md"} {
		a.Send(ctx, text, func(agent.Event) {})
	}
	return a
}

func compactKeeps(ctx context.Context) error {
	a := chatted(ctx)
	before := a.Messages()
	c, err := a.Compact(ctx)
	if err != nil {
		return fmt.Errorf("compact: %v", err)
	}
	after := a.Messages()
	lastTurn := before[len(before)-4:] // the request, the call, its result, the answer
	switch {
	case after[0].Role != llm.RoleSystem || after[0].Content != before[0].Content:
		return fmt.Errorf("after Compact the conversation starts %+v, want the system prompt", after[0])
	case len(after) != 2+len(lastTurn) || !llm.IsSummary(after[1]):
		return fmt.Errorf("after Compact: %s, want the system prompt, one summary and the last turn's %d", llm.Count(len(after), "message"), len(lastTurn))
	case c.Replaced != len(before)-1-len(lastTurn) || c.After >= c.Before:
		return fmt.Errorf("the compaction = %+v, want %d messages replaced and fewer tokens after", c, len(before)-1-len(lastTurn))
	}
	return nil
}

func compactKeepsPairs(ctx context.Context) error {
	a := chatted(ctx)
	a.Send(ctx, "read the file README.md", func(agent.Event) {})
	if _, err := a.Compact(ctx); err != nil {
		return fmt.Errorf("compact: %v", err)
	}
	return agent.WellFormed(a.Messages())
}

func compactsItself(ctx context.Context) error {
	a := chatted(ctx)
	a.SetBudget(a.Context().Size() + 40) // one more message takes it past three quarters
	var compacted []agent.Compacted
	a.Send(ctx, "what did I ask you to remember?", func(e agent.Event) {
		if c, ok := e.(agent.Compacted); ok {
			compacted = append(compacted, c)
		}
	})
	msgs := a.Messages()
	if len(compacted) != 1 || !llm.IsSummary(msgs[1]) {
		return fmt.Errorf("%d compactions, want 1 before the request", len(compacted))
	}
	if answer := msgs[len(msgs)-1].Content; answer != "You asked me to remember that tabs are 8 wide." {
		return fmt.Errorf("after compaction the Mock answers %q: the summary should carry what it was told", answer)
	}
	return nil
}

func contextRows(ctx context.Context) error {
	a := chatted(ctx)
	r := a.Context()
	msgs := a.Messages()
	if len(r.Rows) != len(msgs) || r.Rows[0].Role != llm.RoleSystem || r.Budget != agent.DefaultBudget || r.CompactAt != agent.DefaultBudget/4*3 {
		return fmt.Errorf("the x-ray has %d rows for %d messages, budget %d, threshold %d", len(r.Rows), len(msgs), r.Budget, r.CompactAt)
	}
	if r.Estimated <= 0 || r.Size() < r.Estimated {
		return fmt.Errorf("the x-ray's size is %d (estimated %d), want at least the estimate", r.Size(), r.Estimated)
	}
	return nil
}
