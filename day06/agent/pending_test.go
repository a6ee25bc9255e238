package agent

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"ply/day06/llm"
	"ply/day06/llm/llmtest"
	"ply/day06/tools"
)

// asked is an assistant message that calls the tool "t" once for each id.
func asked(ids ...string) llm.Message {
	m := llm.Message{Role: llm.RoleAssistant}
	for _, id := range ids {
		m.ToolCalls = append(m.ToolCalls, llm.ToolCall{ID: id, Name: "t", Arguments: "{}"})
	}
	return m
}

// result is the tool message that answers the call id.
func result(id string) llm.Message {
	return llm.Message{Role: llm.RoleTool, ToolCallID: id, Content: "done"}
}

// ids returns the IDs of calls.
func ids(calls []llm.ToolCall) []string {
	var out []string
	for _, c := range calls {
		out = append(out, c.ID)
	}
	return out
}

func TestUnanswered(t *testing.T) {
	tests := []struct {
		name string
		msgs []llm.Message
		want []string
	}{
		{"no messages", nil, nil},
		{"no assistant message", []llm.Message{system, user("hi")}, nil},
		{"a reply without calls", []llm.Message{system, user("hi"), model("hello")}, nil},
		{"no call has its result", []llm.Message{system, user("go"), asked("a", "b", "c")}, []string{"a", "b", "c"}},
		{"the first has its result", []llm.Message{system, user("go"), asked("a", "b", "c"), result("a")}, []string{"b", "c"}},
		{"results out of order", []llm.Message{system, user("go"), asked("a", "b", "c"), result("c"), result("a")}, []string{"b"}},
		{"all answered", []llm.Message{system, user("go"), asked("a", "b"), result("a"), result("b")}, nil},
		{"only the last assistant message counts", []llm.Message{system, user("go"), asked("a"), result("a"), asked("b", "c"), result("b")}, []string{"c"}},
		{"an earlier result for the same ID does not count", []llm.Message{system, user("go"), asked("x"), result("x"), asked("x")}, []string{"x"}},
		{"a later reply with text ends the search", []llm.Message{system, user("go"), asked("a"), model("partial")}, nil},
		{"an assistant message first", []llm.Message{asked("a", "b"), result("b")}, []string{"a"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ids(unanswered(tt.msgs)); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("unanswered = %q, want %q (see day06's exercise 3)", got, tt.want)
			}
		})
	}
}

func TestWellFormed(t *testing.T) {
	tests := []struct {
		name string
		msgs []llm.Message
		want string // a part of the error; "" for none
	}{
		{"a whole round", []llm.Message{system, user("go"), asked("a", "b"), result("b"), result("a"), model("done")}, ""},
		{"empty", nil, "system prompt"},
		{"no system prompt", []llm.Message{user("hi")}, "system prompt"},
		{"a call without its result at the end", []llm.Message{system, user("go"), asked("a", "b"), result("a")}, "ends while 1 tool calls"},
		{"a message before the results", []llm.Message{system, user("go"), asked("a"), user("more"), result("a")}, "message 3 comes while 1 tool calls"},
		{"a result for no call", []llm.Message{system, user("go"), result("a")}, `message 2 answers call "a"`},
		{"a result twice", []llm.Message{system, user("go"), asked("a"), result("a"), result("a")}, `message 4 answers call "a"`},
		{"a result after the round", []llm.Message{system, user("go"), asked("a"), result("a"), model("ok"), result("a")}, `message 5 answers call "a"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := WellFormed(tt.msgs)
			if (err == nil) != (tt.want == "") || (err != nil && !strings.Contains(err.Error(), tt.want)) {
				t.Errorf("WellFormed = %v, want an error saying %q", err, tt.want)
			}
		})
	}
}

// The property test below cancels a scripted turn at each point where a
// cancel can land: each delta of a reply, each event the agent emits, the
// start and the end of each tool run. Whatever the point, the conversation
// afterwards, and every request ever sent, must be well formed.

// ticker counts the points a turn passes, names each, and cancels at one
// of them.
type ticker struct {
	at     int // cancel when the count reaches this; 0 never
	count  int
	names  []string // what happened at each point, from point 1
	cancel context.CancelFunc
}

func (k *ticker) tick(name string) {
	k.count++
	k.names = append(k.names, name)
	if k.count == k.at {
		k.cancel()
	}
}

// echo is a tool that ticks when it starts and when it ends, and returns
// its arguments.
type echo struct{ clock *ticker }

func (echo) Name() string            { return "echo" }
func (echo) Description() string     { return "says it back" }
func (echo) Schema() json.RawMessage { return json.RawMessage(`{"type":"object"}`) }
func (echo) Args() any               { return new(map[string]any) }
func (echo) ReadOnly() bool          { return true }
func (e echo) Run(ctx context.Context, args json.RawMessage) (string, error) {
	e.clock.tick("tool starts")
	defer e.clock.tick("tool ends")
	return string(args), ctx.Err()
}

// scriptedTurn is a turn with text, parallel calls whose arguments come in
// pieces, a second round of them, and a last answer.
func scriptedTurn() [][]llm.StreamDelta {
	call := func(index int, id, text string) []llm.StreamDelta {
		return []llm.StreamDelta{
			{ToolCalls: []llm.ToolCallDelta{{Index: index, ID: id, Name: "echo"}}},
			{ToolCalls: []llm.ToolCallDelta{{Index: index, Arguments: `{"text":`}}},
			{ToolCalls: []llm.ToolCallDelta{{Index: index, Arguments: fmt.Sprintf("%q}", text)}}},
		}
	}
	first := []llm.StreamDelta{{Text: "Let me "}, {Text: "look."}}
	first = append(first, call(0, "c1", "a")...)
	first = append(first, call(1, "c2", "b")...)
	first = append(first, call(2, "c3", "c")...)
	first = append(first, llm.StreamDelta{Finish: "tool_calls"})
	second := append(call(0, "c4", "d"), call(1, "c5", "e")...)
	second = append(second, llm.StreamDelta{Finish: "tool_calls"})
	last := []llm.StreamDelta{{Text: "All "}, {Text: "done."}, {Finish: "stop"}}
	return [][]llm.StreamDelta{first, second, last}
}

// runScripted runs the scripted turn, cancelling at point at (0: never),
// and returns the agent, the gateway, the turn's events and the names of
// the points it passed.
func runScripted(at int) (*Agent, *llmtest.Script, []Event, []string) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	clock := &ticker{at: at, cancel: cancel}
	g := &llmtest.Script{Replies: llmtest.Replies(scriptedTurn()...), Before: func() { clock.tick("delta") }}
	a := New(g, "m", tools.NewRegistry(echo{clock}))
	var events []Event
	a.Send(ctx, "go", func(e Event) {
		clock.tick(fmt.Sprintf("%T", e))
		events = append(events, e)
	})
	return a, g, events, clock.names
}

// TestCancelAtEveryPoint is the invariant at work: wherever Ctrl-C lands,
// no request and no conversation holds a tool call without its result.
func TestCancelAtEveryPoint(t *testing.T) {
	_, _, events, points := runScripted(0)
	if _, ok := events[len(events)-1].(TurnDone); !ok || len(points) < 20 {
		t.Fatalf("the scripted turn, uncancelled, ended %T after %d points; want TurnDone after many", events[len(events)-1], len(points))
	}
	for at := 1; at <= len(points); at++ {
		a, g, events, _ := runScripted(at)
		where := fmt.Sprintf("cancelled at point %d of %d (%s)", at, len(points), points[at-1])
		if err := WellFormed(a.Messages()); err != nil {
			t.Errorf("%s: the conversation is broken: %v (see day06's exercise 3)", where, err)
		}
		for i, req := range g.Requests() {
			if err := WellFormed(req.Messages); err != nil {
				t.Errorf("%s: request %d was broken: %v", where, i+1, err)
			}
		}
		checkOneEnd(t, where, events)
		// Nothing is taken back: what was sent, the user's message first,
		// is where the conversation goes on from (day 7 has logged it).
		for i, req := range g.Requests() {
			if msgs := a.Messages(); len(req.Messages) > len(msgs) || !reflect.DeepEqual(req.Messages, msgs[:len(req.Messages)]) {
				t.Errorf("%s: request %d is not the start of the conversation after the cancel: the turn took back what it had sent", where, i+1)
			}
		}
		if msgs := a.Messages(); len(msgs) < 2 || msgs[1].Content != "go" {
			t.Errorf("%s: the conversation lost the user's message", where)
		}
		// The next turn starts from a conversation a server accepts.
		a.Send(context.Background(), "go on", func(Event) {})
		if err := WellFormed(g.Requests()[len(g.Requests())-1].Messages); err != nil {
			t.Errorf("%s: the next turn's request is broken: %v (see day06's exercise 3)", where, err)
		}
	}
}

// checkOneEnd checks that events end with exactly one event that ends a
// turn.
func checkOneEnd(t *testing.T, where string, events []Event) {
	t.Helper()
	ends := 0
	for _, e := range events {
		switch e.(type) {
		case TurnDone, Failed, Cancelled, RoundLimit, Repeated, OutOfRoom:
			ends++
		}
	}
	if ends != 1 {
		t.Errorf("%s: %d events end the turn in %v, want exactly one, last", where, ends, events)
	}
}

// TestCancelledCallsSayWhy: the calls a cancel stopped are answered as
// cancelled, so the model does not think they ran. The cancel lands as the
// first of three tools starts; that tool sees it and says so itself.
func TestCancelledCallsSayWhy(t *testing.T) {
	_, _, _, points := runScripted(0)
	a, _, events, _ := runScripted(slices.Index(points, "tool starts") + 1)
	var got []string
	for _, m := range a.Messages() {
		if m.Role == llm.RoleTool {
			got = append(got, m.ToolCallID+": "+m.Content)
		}
	}
	want := []string{"c1: error: context canceled", "c2: " + notRunCancelled, "c3: " + notRunCancelled}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("results %q\nwant %q (see day06's exercise 3)", got, want)
	}
	if last := events[len(events)-1]; last != (Cancelled{Kept: true}) {
		t.Errorf("the turn ended %#v, want Cancelled{Kept: true}", last)
	}
}
