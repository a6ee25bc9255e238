package agent

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"ply/day07/llm"
	"ply/day07/llm/llmtest"
	"ply/day07/tools"
)

func TestCanonical(t *testing.T) {
	tests := []struct{ in, want string }{
		{`{"path":"a"}`, `{"path":"a"}`},
		{`{ "path" : "a" }`, `{"path":"a"}`},
		{`{"b":2,"a":1}`, `{"a":1,"b":2}`},
		{`{"o":{"z":1,"y":[3,{"d":4,"c":5}]}}`, `{"o":{"y":[3,{"c":5,"d":4}],"z":1}}`},
		{"", "{}"},
		{"  \n", "{}"},
		{"{}", "{}"},
		{`{"path":`, `{"path":`},
		{"not json", "not json"},
		{`[1, "a", null, true]`, `[1,"a",null,true]`},
		{`{"n": 12345678901234567890}`, `{"n":12345678901234567890}`},
		{`{"n": 1.50, "m": -0, "e": 1E400}`, `{"e":1E400,"m":-0,"n":1.50}`},
		{`{"path":"a"}{"path":"b"}`, `{"path":"a"}{"path":"b"}`},
		{`{"a":1,"a":2}`, `{"a":2}`},             // the last counts, as for every tool
		{`{"p":"\ud800"}`, "{\"p\":\"\ufffd\"}"}, // half a surrogate pair reads as U+FFFD, as for every tool
		{`{"path":"a"}}`, `{"path":"a"}}`},
		{`{"path":"a"} x`, `{"path":"a"} x`},
	}
	for _, tt := range tests {
		if got := canonical(tt.in); got != tt.want {
			t.Errorf("canonical(%q) = %q, want %q (see day06's exercise 4)", tt.in, got, tt.want)
		}
	}
}

func TestRepeatsSee(t *testing.T) {
	call := func(name, args string) llm.ToolCall { return llm.ToolCall{Name: name, Arguments: args} }
	tests := []struct {
		name  string
		calls []llm.ToolCall
		want  []int // what see returns for each call
	}{
		{"the same call three times", []llm.ToolCall{call("read_file", `{"path":"a"}`), call("read_file", `{"path":"a"}`), call("read_file", `{"path":"a"}`)}, []int{1, 2, 3}},
		{"spelt differently is still the same", []llm.ToolCall{call("read_file", `{"path":"a","offset":1}`), call("read_file", `{ "offset": 1, "path": "a" }`)}, []int{1, 2}},
		{"no arguments and {} are the same", []llm.ToolCall{call("list_dir", ""), call("list_dir", "{}")}, []int{1, 2}},
		{"other arguments start again", []llm.ToolCall{call("read_file", `{"path":"a"}`), call("read_file", `{"path":"b"}`), call("read_file", `{"path":"a"}`)}, []int{1, 1, 1}},
		{"another tool with the same arguments starts again", []llm.ToolCall{call("list_dir", `{"path":"."}`), call("find", `{"path":"."}`)}, []int{1, 1}},
		{"a break in the run starts again", []llm.ToolCall{call("a", "{}"), call("a", "{}"), call("b", "{}"), call("a", "{}")}, []int{1, 2, 1, 1}},
		{"numbers are the same only when written the same", []llm.ToolCall{call("a", `{"n":12345678901234567890}`), call("a", `{"n":12345678901234567891}`), call("a", `{"n":1.0}`), call("a", `{"n":1}`)}, []int{1, 1, 1, 1}},
		{"broken JSON compares as text", []llm.ToolCall{call("a", `{"x":`), call("a", `{"x":`), call("a", `{ "x":`)}, []int{1, 2, 1}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var r repeats
			var got []int
			for _, c := range tt.calls {
				got = append(got, r.see(c))
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("see gave %v, want %v (see day06's exercise 4)", got, tt.want)
			}
		})
	}
}

// TestLoopStops: a model that makes the same call a third time in a row
// has its call answered as not run, and the turn stops there.
func TestLoopStops(t *testing.T) {
	same := func() []llm.StreamDelta { return callsUpper("again") }
	g := &llmtest.Script{Replies: llmtest.Replies(same(), same(), same(), final)}
	a := New(g, "m", tools.NewRegistry(upper{}))
	events := send(context.Background(), a, "go")
	want := Repeated{Name: "upper", Arguments: `{"text":"again"}`, Usage: llm.Usage{Input: 30, Output: 15}}
	if last := events[len(events)-1]; last != want {
		t.Fatalf("the turn ended %+v, want %+v (see day06's exercise 4)", last, want)
	}
	if len(g.Requests()) != 3 {
		t.Errorf("the model was asked %d times, want 3: the third reply repeats, and the turn stops", len(g.Requests()))
	}
	msgs := a.Messages()
	last := msgs[len(msgs)-1]
	if last.Role != llm.RoleTool || !strings.HasPrefix(last.Content, "not run: upper with these arguments came 3 times in a row") {
		t.Errorf("the conversation ends %+v, want the third call answered as not run, saying why", last)
	}
	if err := WellFormed(msgs); err != nil {
		t.Errorf("after loop detection: %v", err)
	}
	ran := 0
	for _, e := range events {
		if _, ok := e.(ToolEnd); ok {
			ran++
		}
	}
	if ran != 2 {
		t.Errorf("%d calls ran, want 2: the third is not run", ran)
	}
}

// TestLoopCountsAcrossParallelCalls: three identical calls in one reply are
// three in a row too.
func TestLoopCountsAcrossParallelCalls(t *testing.T) {
	g := &llmtest.Script{Replies: llmtest.Replies(callsUpper("x", "x", "x"), final)}
	a := New(g, "m", tools.NewRegistry(upper{}))
	events := send(context.Background(), a, "go")
	if _, ok := events[len(events)-1].(Repeated); !ok {
		t.Errorf("the turn ended %+v, want Repeated", events[len(events)-1])
	}
	if err := WellFormed(a.Messages()); err != nil {
		t.Errorf("after loop detection: %v", err)
	}
}
