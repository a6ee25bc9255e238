package agent

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"ply/day07/llm"
	"ply/day07/tools"
)

// TestTheLogHoldsWhatTheWindowHolds runs turns whose replies the window
// cannot keep whole (a broken call, a huge one, a megabyte of text, text
// and a call that escape to more than a log line, a hundred thousand
// calls, a huge message from the user) and checks that every event was logged, that
// another process rebuilds from the log the window the agent had, stubs
// and notes included, and that no request ever carried a call without
// its result.
func TestTheLogHoldsWhatTheWindowHolds(t *testing.T) {
	broken := `{"text":"` + strings.Repeat("x", 100_000)
	big := `{"text":"` + strings.Repeat("y", 20_000) + `"}`
	var many []llm.ToolCallDelta
	for i := range 100_000 {
		many = append(many, llm.ToolCallDelta{Index: i, ID: fmt.Sprintf("c%d", i), Name: "upper", Arguments: `{"text":"a"}`})
	}
	oneCall := func(args string) []llm.StreamDelta {
		return []llm.StreamDelta{
			{ToolCalls: []llm.ToolCallDelta{{Index: 0, ID: "c1", Name: "upper", Arguments: args}}},
			{Finish: "tool_calls", Usage: &llm.Usage{Input: 900, Output: 50_000}},
		}
	}
	tests := []struct {
		name    string
		budget  int
		replies [][]llm.StreamDelta
		message string
		broken  error // how the last reply's stream breaks, if it does
	}{
		{"a call of 100 KB of broken JSON", DefaultBudget, [][]llm.StreamDelta{oneCall(broken), callsUpper("small"), final}, "write it", nil},
		{"a call too big to keep", DefaultBudget, [][]llm.StreamDelta{oneCall(big), final}, "write it", nil},
		{"a megabyte of text", DefaultBudget, [][]llm.StreamDelta{says(strings.Repeat("word ", 200_000))}, "talk", nil},
		{"text that escapes to more than a log line", 1 << 30, [][]llm.StreamDelta{says(strings.Repeat("\x01", 3<<20))}, "talk", nil},
		{"a call that escapes to more than a log line", 1 << 30, [][]llm.StreamDelta{oneCall(`{"text":"` + strings.Repeat(`\u0001`, 3<<20) + `"}`), final}, "write it", nil},
		{"a hundred thousand calls", DefaultBudget, [][]llm.StreamDelta{{{ToolCalls: many}, {Finish: "tool_calls"}}, final}, "go", nil},
		{"a megabyte of text cut off mid-stream", DefaultBudget, [][]llm.StreamDelta{pieces(strings.Repeat("word ", 200_000))}, "talk", errors.New("connection reset")},
		{"a message of a megabyte of control characters", DefaultBudget, [][]llm.StreamDelta{final}, strings.Repeat("\x01", 1<<20), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &script{replies: tt.replies, breakOff: tt.broken}
			a, store := recorded(t, g, tools.NewRegistry(upper{}))
			a.SetBudget(tt.budget)
			send(context.Background(), a, tt.message)
			if err := a.LogErr(); err != nil {
				t.Fatalf("the log stopped: %v", err)
			}
			for i, req := range g.requests {
				if err := WellFormed(req.Messages); err != nil {
					t.Errorf("request %d: %v", i+1, err)
				}
			}
			live := a.Messages()
			if got := replayed(t, a, store); !reflect.DeepEqual(got, live) {
				t.Errorf("the replayed window differs from the live one: %d messages against %d", len(got), len(live))
			}
		})
	}
}
