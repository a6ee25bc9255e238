package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"ply/day04/llm"
	"ply/day04/tools"
)

// steps is a gateway that streams one list of deltas per request, in
// order, repeating the last, and keeps each request.
type steps struct {
	replies  [][]llm.StreamDelta
	requests []llm.Request
	fail     error // when set, every request after the first fails with it
}

func (s *steps) Stream(ctx context.Context, req llm.Request) (llm.Stream, error) {
	s.requests = append(s.requests, llm.Request{Model: req.Model, Messages: append([]llm.Message(nil), req.Messages...), Tools: req.Tools})
	if s.fail != nil && len(s.requests) > 1 {
		return nil, s.fail
	}
	return &listStream{ctx: ctx, list: s.replies[min(len(s.requests), len(s.replies))-1]}, nil
}

// listStream hands out a list of deltas, then stops with the context's
// error if it is done.
type listStream struct {
	ctx  context.Context
	list []llm.StreamDelta
	now  llm.StreamDelta
}

func (l *listStream) Next() bool {
	if len(l.list) == 0 || l.ctx.Err() != nil {
		return false
	}
	l.now, l.list = l.list[0], l.list[1:]
	return true
}
func (l *listStream) Delta() llm.StreamDelta { return l.now }
func (l *listStream) Err() error             { return l.ctx.Err() }
func (l *listStream) Close() error           { return nil }

// upper is a tool that answers with its "text" argument in capitals, and
// cancels the turn when told to.
type upper struct{ cancel context.CancelFunc }

func (upper) Name() string            { return "upper" }
func (upper) Description() string     { return "capitals" }
func (upper) Schema() json.RawMessage { return json.RawMessage(`{"type":"object"}`) }
func (upper) ReadOnly() bool          { return true }
func (u upper) Run(_ context.Context, args json.RawMessage) (string, error) {
	var a struct{ Text string }
	if err := json.Unmarshal(args, &a); err != nil {
		return "", err
	}
	if a.Text == "stop" && u.cancel != nil {
		u.cancel()
	}
	return strings.ToUpper(a.Text), nil
}

// callsUpper is a reply that calls upper with each text, in parallel.
func callsUpper(texts ...string) []llm.StreamDelta {
	var deltas []llm.StreamDelta
	for i, text := range texts {
		deltas = append(deltas, llm.StreamDelta{ToolCalls: []llm.ToolCallDelta{
			{Index: i, ID: fmt.Sprintf("c%d", i), Name: "upper", Arguments: fmt.Sprintf(`{"text":%q}`, text)},
		}})
	}
	return append(deltas, llm.StreamDelta{Finish: "tool_calls", Usage: &llm.Usage{Input: 10, Output: 5}})
}

var final = []llm.StreamDelta{{Text: "All done."}, {Finish: "stop", Usage: &llm.Usage{Input: 20, Output: 3}}}

// turn runs one turn with the upper tool and returns its events.
func turn(ctx context.Context, a *Agent, text string) []Event {
	var events []Event
	a.Send(ctx, text, func(e Event) { events = append(events, e) })
	return events
}

func TestLoop(t *testing.T) {
	g := &steps{replies: [][]llm.StreamDelta{callsUpper("a", "b"), final}}
	a := New(g, "m", tools.NewRegistry(upper{}))
	events := turn(context.Background(), a, "go")
	if len(g.requests) != 2 {
		t.Fatalf("the model was asked %d times, want 2: once, and again with the results", len(g.requests))
	}

	var kinds []string
	for _, e := range events {
		kinds = append(kinds, fmt.Sprintf("%T", e))
	}
	want := "agent.ToolStart agent.ToolEnd agent.ToolStart agent.ToolEnd agent.Text agent.TurnDone"
	if got := strings.Join(kinds, " "); got != want {
		t.Errorf("events %s\nwant   %s", got, want)
	}
	if done := events[len(events)-1]; done != (TurnDone{Usage: llm.Usage{Input: 30, Output: 8}}) {
		t.Errorf("the turn ended %+v, want the usage of both rounds added up", done)
	}
	second := g.requests[1].Messages
	wantTail := []llm.Message{
		{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{
			{ID: "c0", Name: "upper", Arguments: `{"text":"a"}`}, {ID: "c1", Name: "upper", Arguments: `{"text":"b"}`}}},
		{Role: llm.RoleTool, ToolCallID: "c0", Content: "A"},
		{Role: llm.RoleTool, ToolCallID: "c1", Content: "B"},
	}
	if got := second[len(second)-3:]; !reflect.DeepEqual(got, wantTail) {
		t.Errorf("the second request ends with\n%+v\nwant\n%+v", got, wantTail)
	}
	if len(g.requests[0].Tools) != 1 || g.requests[0].Tools[0].Name != "upper" {
		t.Errorf("the request offered the tools %+v, want upper", g.requests[0].Tools)
	}
}

func TestLoopToolErrorGoesToTheModel(t *testing.T) {
	bad := []llm.StreamDelta{{ToolCalls: []llm.ToolCallDelta{{ID: "c0", Name: "nope", Arguments: `{}`}}}, {Finish: "tool_calls"}}
	g := &steps{replies: [][]llm.StreamDelta{bad, final}}
	a := New(g, "m", tools.NewRegistry(upper{}))
	events := turn(context.Background(), a, "go")
	if len(g.requests) != 2 || len(g.requests[1].Messages) < 4 || len(events) < 3 {
		t.Fatalf("the model was asked %d times, with %d events; want it asked again with the error", len(g.requests), len(events))
	}
	if end, ok := events[1].(ToolEnd); !ok || end.Err == nil {
		t.Errorf("event %+v, want a ToolEnd with the error", events[1])
	}
	if _, ok := events[len(events)-1].(TurnDone); !ok {
		t.Errorf("the turn ended %+v, want TurnDone: a failing tool does not end the turn", events[len(events)-1])
	}
	result := g.requests[1].Messages[3]
	if result.Role != llm.RoleTool || !strings.HasPrefix(result.Content, `error: there is no tool "nope"`) {
		t.Errorf("the model was sent %+v, want the error as the call's result", result)
	}
}

func TestRoundLimit(t *testing.T) {
	g := &steps{replies: [][]llm.StreamDelta{callsUpper("again")}}
	a := New(g, "m", tools.NewRegistry(upper{}))
	events := turn(context.Background(), a, "loop")
	want := RoundLimit{Rounds: MaxRounds, Usage: llm.Usage{Input: 10 * (MaxRounds + 1), Output: 5 * (MaxRounds + 1)}}
	if last := events[len(events)-1]; last != want {
		t.Fatalf("the turn ended %+v, want %+v: the round count, and the usage of every request", last, want)
	}
	if len(g.requests) != MaxRounds+1 {
		t.Errorf("the model was asked %d times, want %d: once, then once more after each round", len(g.requests), MaxRounds+1)
	}
	msgs := a.Messages()
	last := msgs[len(msgs)-1]
	if last.Role != llm.RoleTool || last.ToolCallID != "c0" || !strings.Contains(last.Content, "limit of 20 rounds") {
		t.Errorf("the conversation ends %+v, want the last call answered as not run", last)
	}
}

func TestCancelledWhileToolsRun(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	g := &steps{replies: [][]llm.StreamDelta{callsUpper("a", "stop"), final}}
	a := New(g, "m", tools.NewRegistry(upper{cancel: cancel}))
	events := turn(ctx, a, "go")
	if last := events[len(events)-1]; last != (Cancelled{Kept: true}) {
		t.Errorf("the turn ended %+v, want Cancelled{Kept: true}", last)
	}
	var roles []string
	for _, m := range a.Messages() {
		roles = append(roles, m.Role)
	}
	// The round whose tools ran is whole: both calls have their results.
	if want := []string{"system", "user", "assistant", "tool", "tool"}; !reflect.DeepEqual(roles, want) {
		t.Errorf("after Ctrl-C the conversation has roles %v, want %v", roles, want)
	}
}
