package agent

import (
	"context"
	"reflect"
	"testing"

	"ply/day07/llm"
	"ply/day07/tools"
)

// TestContinueFinishesAnInterruptedTurn checks that Continue sends a
// conversation that ends in the user's message, and refuses one that
// has its answer.
func TestContinueFinishesAnInterruptedTurn(t *testing.T) {
	a := New(llm.Mock{}, "m", tools.NewRegistry())
	if a.Continue(context.Background(), func(Event) {}) {
		t.Error("Continue ran on a conversation with only the system prompt")
	}
	a.messages = append(a.messages, llm.Message{Role: llm.RoleUser, Content: "hello"})
	if !a.Waiting() || !a.Continue(context.Background(), func(Event) {}) {
		t.Fatal("Continue refused a conversation that ends in the user's message")
	}
	msgs := a.Messages()
	if last := msgs[len(msgs)-1]; last.Role != llm.RoleAssistant || len(msgs) != 3 {
		t.Errorf("after Continue the conversation is %v, want the Mock's answer after the user's message, and no new message from the user", msgs)
	}
	if a.Waiting() || a.Continue(context.Background(), func(Event) {}) {
		t.Error("Continue ran again on a turn that has its answer")
	}
}

func TestWaiting(t *testing.T) {
	calls := llm.Message{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{{ID: "c1", Name: "upper"}}}
	tests := []struct {
		name   string
		window []llm.Message
		want   bool
	}{
		{"nothing at all", nil, false},
		{"only the system prompt", []llm.Message{system}, false},
		{"a question", []llm.Message{system, user("Q")}, true},
		{"an answer", []llm.Message{system, user("Q"), model("A")}, false},
		{"a call and its result", []llm.Message{system, user("Q"), calls, {Role: llm.RoleTool, ToolCallID: "c1"}}, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := New(llm.Mock{}, "m", tools.NewRegistry())
			a.Restore(tt.window, nil)
			if got := a.Waiting(); got != tt.want {
				t.Errorf("Waiting() of %v = %v, want %v", tt.window, got, tt.want)
			}
		})
	}
}

// TestRestore checks that Restore takes the window and the grants, and
// that the watcher hears of the grants, not of the window.
func TestRestore(t *testing.T) {
	a := New(llm.Mock{}, "m", tools.NewRegistry())
	var heard []Event
	a.Watch(func(e Event) { heard = append(heard, e) })
	window := []llm.Message{system, user("Q"), model("A")}
	a.Restore(window, []string{"run_command: go test ./..."})
	window[1].Content = "changed by the caller"
	if got := a.Messages(); !reflect.DeepEqual(got, []llm.Message{system, user("Q"), model("A")}) {
		t.Errorf("after Restore the conversation is %v, want a copy of the window", got)
	}
	want := []Event{GrantsChanged{Grants: []string{"run_command: go test ./..."}}}
	if !reflect.DeepEqual(heard, want) {
		t.Errorf("the watcher heard %v, want only %v", heard, want)
	}
}
