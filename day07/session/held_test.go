package session

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"ply/day07/agent"
	"ply/day07/llm"
	"ply/day07/llm/llmtest"
	"ply/day07/tools"
)

// replies is a model that streams the next of its replies on each call,
// and the last one again once they run out; the last reply of all ends
// with broken when that is set.
func replies(deltas [][]llm.StreamDelta, broken error) *llmtest.Script {
	g := &llmtest.Script{Replies: llmtest.Replies(deltas...)}
	g.Replies[len(g.Replies)-1].Err = broken
	return g
}

// TestTheLogHoldsWhatTheWindowHolds runs turns whose replies the window
// cannot keep whole (a broken call, a huge one, a megabyte of text, text
// and a call that escape to more than a log line, a hundred thousand
// calls, a huge message from the user) and checks that every event was
// logged, that another process rebuilds from the log the window the agent
// had, stubs and notes included, and that no request ever carried a call
// without its result.
func TestTheLogHoldsWhatTheWindowHolds(t *testing.T) {
	final := []llm.StreamDelta{{Text: "All done."}, {Finish: "stop", Usage: &llm.Usage{Input: 20, Output: 3}}}
	says := func(text string) []llm.StreamDelta {
		return []llm.StreamDelta{{Text: text}, {Finish: "stop", Usage: &llm.Usage{Input: 7, Output: 2}}}
	}
	oneCall := func(args string) []llm.StreamDelta {
		return []llm.StreamDelta{
			{ToolCalls: []llm.ToolCallDelta{{Index: 0, ID: "c1", Name: "read_file", Arguments: args}}},
			{Finish: "tool_calls", Usage: &llm.Usage{Input: 900, Output: 50_000}},
		}
	}
	var many []llm.ToolCallDelta
	for i := range 100_000 {
		many = append(many, llm.ToolCallDelta{Index: i, ID: fmt.Sprintf("c%d", i), Name: "read_file", Arguments: `{"path":"a"}`})
	}
	tests := []struct {
		name    string
		budget  int
		replies [][]llm.StreamDelta
		message string
		broken  error // how the last reply's stream breaks, if it does
	}{
		{"a call of 100 KB of broken JSON", agent.DefaultBudget, [][]llm.StreamDelta{oneCall(`{"path":"` + strings.Repeat("x", 100_000)), oneCall(`{"path":"a"}`), final}, "read it", nil},
		{"a call too big to keep", agent.DefaultBudget, [][]llm.StreamDelta{oneCall(`{"path":"` + strings.Repeat("y", 20_000) + `"}`), final}, "read it", nil},
		{"a megabyte of text", agent.DefaultBudget, [][]llm.StreamDelta{says(strings.Repeat("word ", 200_000))}, "talk", nil},
		{"text that escapes to more than a log line", 1 << 30, [][]llm.StreamDelta{says(strings.Repeat("\x01", 3<<20))}, "talk", nil},
		{"a call that escapes to more than a log line", 1 << 30, [][]llm.StreamDelta{oneCall(`{"path":"` + strings.Repeat(`\u0001`, 3<<20) + `"}`), final}, "read it", nil},
		{"a hundred thousand calls", agent.DefaultBudget, [][]llm.StreamDelta{{{ToolCalls: many}, {Finish: "tool_calls"}}, final}, "go", nil},
		{"a megabyte of text cut off mid-stream", agent.DefaultBudget, [][]llm.StreamDelta{{{Text: strings.Repeat("word ", 200_000)}}}, "talk", errors.New("connection reset")},
		{"a message of a megabyte of control characters", agent.DefaultBudget, [][]llm.StreamDelta{final}, strings.Repeat("\x01", 1<<20), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := replies(tt.replies, tt.broken)
			a := agent.New(g, "scripted", tools.NewRegistry(readsCalc{}))
			a.SetBudget(tt.budget)
			rec := NewRecorder(newTestStore(t), a, "/home/ann/calc")
			if err := rec.Start(); err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { rec.Close() })
			say(context.Background(), a, tt.message)
			if err := rec.Err(); err != nil {
				t.Fatalf("the log stopped: %v", err)
			}
			for i, req := range g.Requests() {
				if err := agent.WellFormed(req.Messages); err != nil {
					t.Errorf("request %d: %v", i+1, err)
				}
			}
			sameWindow(t, resumed(t, rec), a.Messages())
		})
	}
}
