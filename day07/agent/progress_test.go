package agent

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"ply/day07/llm"
	"ply/day07/llm/llmtest"
	"ply/day07/tools"
)

// reporter is a tool that reports two lines of progress, then answers.
type reporter struct{}

func (reporter) Name() string            { return "reporter" }
func (reporter) Description() string     { return "reports progress" }
func (reporter) Schema() json.RawMessage { return json.RawMessage(`{"type":"object"}`) }
func (reporter) Args() any               { return new(struct{}) }
func (reporter) ReadOnly() bool          { return true }
func (reporter) Run(ctx context.Context, _ json.RawMessage) (string, error) {
	if report := tools.ProgressFrom(ctx); report != nil {
		report("compiling")
		report("testing")
	}
	return "done", nil
}

func TestToolProgress(t *testing.T) {
	call := []llm.StreamDelta{{ToolCalls: []llm.ToolCallDelta{{ID: "c0", Name: "reporter", Arguments: `{}`}}}, {Finish: "tool_calls"}}
	g := &llmtest.Script{Replies: llmtest.Replies(call, final)}
	events := send(context.Background(), New(g, "m", tools.NewRegistry(reporter{})), "go")
	want := []Event{
		ToolStart{ID: "c0", Name: "reporter", Arguments: `{}`},
		ToolProgress{ID: "c0", Name: "reporter", Line: "compiling"},
		ToolProgress{ID: "c0", Name: "reporter", Line: "testing"},
	}
	if len(events) < 4 || !reflect.DeepEqual(events[:3], want) {
		t.Fatalf("events %+v, want them to start %+v", events, want)
	}
	if end, ok := events[3].(ToolEnd); !ok || end.ID != "c0" {
		t.Errorf("event 4 is %+v, want the call's ToolEnd after its progress", events[3])
	}
	for _, m := range g.Requests()[1].Messages {
		if m.Content == "compiling" || m.Content == "testing" {
			t.Errorf("a progress line reached the conversation: %+v", m)
		}
	}
}
