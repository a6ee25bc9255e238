package agent

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"testing"

	"ply/day04/llm"
	"ply/day04/llm/llmtest"
	"ply/day04/tools"
)

// TestFailedTurn fails a turn after none, one and two rounds of tools.
// The rounds whose tools ran stay, each call with its result, and a turn
// in which no tool ran leaves nothing.
func TestFailedTurn(t *testing.T) {
	boom := errors.New("502 Bad Gateway")
	tests := []struct {
		name      string
		rounds    int      // rounds of tool calls before the failure
		wantRoles []string // the conversation afterwards
	}{
		{"before any tool", 0, []string{"system"}},
		{"after one round", 1, []string{"system", "user", "assistant", "tool", "tool"}},
		{"after two rounds", 2, []string{"system", "user", "assistant", "tool", "tool", "assistant", "tool", "tool"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var replies [][]llm.StreamDelta
			for range tt.rounds {
				replies = append(replies, callsUpper("a", "b"))
			}
			g := &llmtest.Script{Replies: append(llmtest.Replies(replies...), llmtest.Reply{Refuse: boom})}
			a := New(g, "m", tools.NewRegistry(upper{}))
			events := send(context.Background(), a, "go")
			if len(events) == 0 {
				t.Fatal("the turn emitted no event, want it to end with Failed (see exercise 4)")
			}
			if last, ok := events[len(events)-1].(Failed); !ok || !errors.Is(last.Err, boom) {
				t.Errorf("the turn ended %+v, want Failed with %v (see exercise 4)", events[len(events)-1], boom)
			}
			var roles []string
			for _, m := range a.Messages() {
				roles = append(roles, m.Role)
			}
			if !slices.Equal(roles, tt.wantRoles) {
				t.Errorf("after the failure the conversation has roles %v, want %v (see exercise 4)", roles, tt.wantRoles)
			}
			if err := everyCallAnswered(a.Messages()); err != nil {
				t.Errorf("after the failure, %v (see exercise 4)", err)
			}
		})
	}
}

// TestFailedTurnThenAgain fails a turn after a round of tools, and asks
// again: the model is sent the rounds that ran, then the new question.
func TestFailedTurnThenAgain(t *testing.T) {
	g := &llmtest.Script{Replies: []llmtest.Reply{{Deltas: callsUpper("a", "b")}, {Refuse: errors.New("502 Bad Gateway")}, {Deltas: final}}}
	a := New(g, "m", tools.NewRegistry(upper{}))
	send(context.Background(), a, "go")
	send(context.Background(), a, "again")
	if len(g.Requests()) < 3 {
		t.Fatalf("the model was asked %d times, want a third time for the second turn", len(g.Requests()))
	}
	sent := g.Requests()[2].Messages // the failed turn sent two requests
	want := []llm.Message{
		{Role: llm.RoleUser, Content: "go"},
		{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{{ID: "c0", Name: "upper", Arguments: `{"text":"a"}`}, {ID: "c1", Name: "upper", Arguments: `{"text":"b"}`}}},
		{Role: llm.RoleTool, ToolCallID: "c0", Content: "A"},
		{Role: llm.RoleTool, ToolCallID: "c1", Content: "B"},
		{Role: llm.RoleUser, Content: "again"},
	}
	if got := sent[1:]; !reflect.DeepEqual(got, want) {
		t.Errorf("after a failed turn, asking again sent\n%+v\nwant\n%+v (see exercise 4)", got, want)
	}
}

// everyCallAnswered reports which call of msgs has no tool message after
// it, if one has none: a server refuses such a conversation.
func everyCallAnswered(msgs []llm.Message) error {
	answered := map[string]bool{}
	for _, m := range msgs {
		if m.Role == llm.RoleTool {
			answered[m.ToolCallID] = true
		}
	}
	for _, m := range msgs {
		for _, c := range m.ToolCalls {
			if !answered[c.ID] {
				return errors.New("the call " + c.ID + " has no result")
			}
		}
	}
	return nil
}
