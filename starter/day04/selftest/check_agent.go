package selftest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"ply/day04/agent"
	"ply/day04/llm"
	"ply/day04/tools"
)

// echo is a tool that answers with the arguments it was given.
type echo struct{}

func (echo) Name() string            { return "echo" }
func (echo) Description() string     { return "Answers with its arguments." }
func (echo) Schema() json.RawMessage { return json.RawMessage(`{"type":"object"}`) }
func (echo) Args() any               { return new(map[string]any) }
func (echo) Run(_ context.Context, args json.RawMessage) (string, error) {
	return "echo " + string(args), nil
}

// rounds is a gateway that streams its replies in turn, each a list of
// deltas, and then the same last reply for ever. It keeps every request.
type rounds struct {
	replies  [][]llm.StreamDelta
	requests []llm.Request
}

func (g *rounds) Stream(ctx context.Context, req llm.Request) (llm.Stream, error) {
	g.requests = append(g.requests, req)
	reply := g.replies[min(len(g.requests), len(g.replies))-1]
	return &deltas{list: reply}, nil
}

// deltas is a stream over a list of deltas.
type deltas struct {
	list []llm.StreamDelta
	now  llm.StreamDelta
}

func (d *deltas) Next() bool {
	if len(d.list) == 0 {
		return false
	}
	d.now, d.list = d.list[0], d.list[1:]
	return true
}
func (d *deltas) Delta() llm.StreamDelta { return d.now }
func (d *deltas) Err() error             { return nil }
func (d *deltas) Close() error           { return nil }

// fragment is a delta with one tool-call fragment.
func fragment(index int, id, name, args string) llm.StreamDelta {
	return llm.StreamDelta{ToolCalls: []llm.ToolCallDelta{{Index: index, ID: id, Name: name, Arguments: args}}}
}

// done is the last reply of a scripted conversation.
var done = []llm.StreamDelta{{Text: "Done."}, {Finish: "stop"}}

// runTurn runs one turn on g with the echo tool and returns the events and
// the conversation after it.
func runTurn(ctx context.Context, g llm.Gateway) ([]agent.Event, []llm.Message) {
	a := agent.New(g, "m", tools.NewRegistry(echo{}))
	var events []agent.Event
	a.Send(ctx, "go", func(e agent.Event) { events = append(events, e) })
	return events, a.Messages()
}

// toolMessages returns the tool messages of a conversation.
func toolMessages(msgs []llm.Message) []llm.Message {
	var out []llm.Message
	for _, m := range msgs {
		if m.Role == llm.RoleTool {
			out = append(out, m)
		}
	}
	return out
}

func fragmentsJoin(ctx context.Context) error {
	g := &rounds{replies: [][]llm.StreamDelta{{
		fragment(0, "call_a", "echo", ""),
		fragment(0, "", "", `{"pa`), fragment(0, "", "", `th": "calc`), fragment(0, "", "", `.go"}`),
		{Finish: "tool_calls"},
	}, done}}
	_, msgs := runTurn(ctx, g)
	want := llm.ToolCall{ID: "call_a", Name: "echo", Arguments: `{"path": "calc.go"}`}
	if len(msgs) < 3 || len(msgs[2].ToolCalls) != 1 || msgs[2].ToolCalls[0] != want {
		return fmt.Errorf("the assistant's message is %+v, want one call %+v", msgs[min(2, len(msgs)-1)], want)
	}
	results := toolMessages(msgs)
	if len(results) != 1 || results[0].ToolCallID != "call_a" {
		return fmt.Errorf("tool messages %+v, want one answering call_a", results)
	}
	return nil
}

func parallelCalls(ctx context.Context) error {
	// The fragments of two calls come interleaved, and call 1 starts first.
	g := &rounds{replies: [][]llm.StreamDelta{{
		fragment(1, "call_b", "echo", `{"n":`),
		fragment(0, "call_a", "echo", `{"n":`),
		fragment(1, "", "", `2}`),
		fragment(0, "", "", `1}`),
		{Finish: "tool_calls"},
	}, done}}
	events, msgs := runTurn(ctx, g)
	var started []string
	for _, e := range events {
		if s, ok := e.(agent.ToolStart); ok {
			started = append(started, s.ID+" "+s.Arguments)
		}
	}
	if want := []string{`call_a {"n":1}`, `call_b {"n":2}`}; !reflect.DeepEqual(started, want) {
		return fmt.Errorf("calls ran as %q, want %q", started, want)
	}
	results := toolMessages(msgs)
	if len(results) != 2 || results[0].ToolCallID != "call_a" || results[1].ToolCallID != "call_b" ||
		results[1].Content != `echo {"n":2}` {
		return fmt.Errorf("tool messages %+v, want call_a's result then call_b's", results)
	}
	return nil
}

func wholeCallWithoutID(ctx context.Context) error {
	g := &rounds{replies: [][]llm.StreamDelta{{fragment(0, "", "echo", `{"x":1}`), {Finish: "tool_calls"}}, done}}
	_, msgs := runTurn(ctx, g)
	results := toolMessages(msgs)
	if len(results) != 1 || results[0].ToolCallID == "" || results[0].Content != `echo {"x":1}` {
		return fmt.Errorf("tool messages %+v, want one result with an ID made up for the call", results)
	}
	if call := msgs[2].ToolCalls; len(call) != 1 || call[0].ID != results[0].ToolCallID {
		return errors.New("the made-up ID of the call and of its result differ")
	}
	return nil
}

func roundLimit(ctx context.Context) error {
	g := &rounds{replies: [][]llm.StreamDelta{{fragment(0, "call_x", "echo", `{}`), {Finish: "tool_calls"}}}}
	events, msgs := runTurn(ctx, g)
	last := events[len(events)-1]
	if limit, ok := last.(agent.RoundLimit); !ok || limit.Rounds != agent.MaxRounds {
		return fmt.Errorf("the turn ended with %#v, want agent.RoundLimit{Rounds: %d}", last, agent.MaxRounds)
	}
	if len(g.requests) != agent.MaxRounds+1 {
		return fmt.Errorf("the model was asked %d times, want %d: once more after each round", len(g.requests), agent.MaxRounds+1)
	}
	end := msgs[len(msgs)-1]
	if end.Role != llm.RoleTool || !strings.HasPrefix(end.Content, "not run") {
		return fmt.Errorf("the conversation ends with %+v, want the last call answered as not run", end)
	}
	return nil
}
