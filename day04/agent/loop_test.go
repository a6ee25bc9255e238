package agent

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"ply/day04/llm"
	"ply/day04/llm/llmtest"
	"ply/day04/tools"
)

// upper is a tool that answers with its "text" argument in capitals, and
// cancels the turn when told to.
type upper struct{ cancel context.CancelFunc }

func (upper) Name() string            { return "upper" }
func (upper) Description() string     { return "capitals" }
func (upper) Schema() json.RawMessage { return json.RawMessage(`{"type":"object"}`) }
func (upper) Args() any               { return new(upperArgs) }
func (u upper) Run(_ context.Context, args json.RawMessage) (string, error) {
	var a upperArgs
	if err := json.Unmarshal(args, &a); err != nil {
		return "", err
	}
	if a.Text == "stop" && u.cancel != nil {
		u.cancel()
	}
	return strings.ToUpper(a.Text), nil
}

// upperArgs are the arguments of upper.
type upperArgs struct {
	Text string `json:"text"`
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

// ending returns the event that ended a turn, and stops the test at once
// when the turn sent none.
func ending(t *testing.T, events []Event) Event {
	t.Helper()
	if len(events) == 0 {
		t.Fatal("the turn sent no events; every turn ends with one (see day03's exercise 1)")
	}
	return events[len(events)-1]
}

var final = []llm.StreamDelta{{Text: "All done."}, {Finish: "stop", Usage: &llm.Usage{Input: 20, Output: 3}}}

func TestLoop(t *testing.T) {
	g := &llmtest.Script{Replies: llmtest.Replies(callsUpper("a", "b"), final)}
	a := New(g, "m", tools.NewRegistry(upper{}))
	events := send(context.Background(), a, "go")
	if len(g.Requests()) != 2 {
		t.Fatalf("the model was asked %d times, want 2: once, and again with the results", len(g.Requests()))
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
	second := g.Requests()[1].Messages
	wantTail := []llm.Message{
		{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{
			{ID: "c0", Name: "upper", Arguments: `{"text":"a"}`}, {ID: "c1", Name: "upper", Arguments: `{"text":"b"}`}}},
		{Role: llm.RoleTool, ToolCallID: "c0", Content: "A"},
		{Role: llm.RoleTool, ToolCallID: "c1", Content: "B"},
	}
	if got := second[len(second)-3:]; !reflect.DeepEqual(got, wantTail) {
		t.Errorf("the second request ends with\n%+v\nwant\n%+v", got, wantTail)
	}
	if len(g.Requests()[0].Tools) != 1 || g.Requests()[0].Tools[0].Name != "upper" {
		t.Errorf("the request offered the tools %+v, want upper", g.Requests()[0].Tools)
	}
}

func TestLoopToolErrorGoesToTheModel(t *testing.T) {
	bad := []llm.StreamDelta{{ToolCalls: []llm.ToolCallDelta{{ID: "c0", Name: "nope", Arguments: `{}`}}}, {Finish: "tool_calls"}}
	g := &llmtest.Script{Replies: llmtest.Replies(bad, final)}
	a := New(g, "m", tools.NewRegistry(upper{}))
	events := send(context.Background(), a, "go")
	if len(g.Requests()) != 2 || len(g.Requests()[1].Messages) < 4 || len(events) < 3 {
		t.Fatalf("the model was asked %d times, with %d events; want it asked again with the error", len(g.Requests()), len(events))
	}
	if end, ok := events[1].(ToolEnd); !ok || end.Err == nil {
		t.Errorf("event %+v, want a ToolEnd with the error", events[1])
	}
	if _, ok := events[len(events)-1].(TurnDone); !ok {
		t.Errorf("the turn ended %+v, want TurnDone: a failing tool does not end the turn", events[len(events)-1])
	}
	result := g.Requests()[1].Messages[3]
	if result.Role != llm.RoleTool || !strings.HasPrefix(result.Content, `error: there is no tool "nope"`) {
		t.Errorf("the model was sent %+v, want the error as the call's result", result)
	}
}

func TestRoundLimit(t *testing.T) {
	// The model calls a tool in every reply. Past the requests a turn may
	// make, the script refuses, so that a loop with no limit fails here
	// instead of running on.
	replies := slices.Repeat([][]llm.StreamDelta{callsUpper("again")}, MaxRounds+1)
	g := &llmtest.Script{Replies: append(llmtest.Replies(replies...), llmtest.Reply{Refuse: errors.New("asked once more than the limit allows")})}
	a := New(g, "m", tools.NewRegistry(upper{}))
	events := send(context.Background(), a, "loop")
	want := RoundLimit{Rounds: MaxRounds, Usage: llm.Usage{Input: 10 * (MaxRounds + 1), Output: 5 * (MaxRounds + 1)}}
	if last := ending(t, events); last != want {
		t.Fatalf("the turn ended %+v, want %+v: the round count, and the usage of every request (see day03's exercise 1)", last, want)
	}
	if len(g.Requests()) != MaxRounds+1 {
		t.Errorf("the model was asked %d times, want %d: once, then once more after each round (see day03's exercise 1)", len(g.Requests()), MaxRounds+1)
	}
	msgs := a.Messages()
	var ran, notRun int
	for _, m := range msgs[2:] {
		switch {
		case m.Role == llm.RoleTool && m.Content == notRunLimit:
			notRun++
		case m.Role == llm.RoleTool:
			ran++
		}
	}
	last := msgs[len(msgs)-1]
	if ran != MaxRounds || notRun != 1 || last.Role != llm.RoleTool || last.ToolCallID != "c0" || !strings.Contains(last.Content, "limit of 20 rounds") {
		t.Errorf("the conversation holds %d results of calls that ran and %d of calls not run, and ends %+v; want %d, then the last call answered as not run (see day03's exercise 1)",
			ran, notRun, last, MaxRounds)
	}
}

// TestRoundLimitLetsTheLastRoundBeAnswered gives the model every round it
// may have: after the last, it answers, and the turn is done.
func TestRoundLimitLetsTheLastRoundBeAnswered(t *testing.T) {
	g := &llmtest.Script{Replies: llmtest.Replies(append(slices.Repeat([][]llm.StreamDelta{callsUpper("again")}, MaxRounds), final)...)}
	a := New(g, "m", tools.NewRegistry(upper{}))
	events := send(context.Background(), a, "loop")
	want := TurnDone{Usage: llm.Usage{Input: 10*MaxRounds + 20, Output: 5*MaxRounds + 3}}
	if last := ending(t, events); last != want || len(g.Requests()) != MaxRounds+1 {
		t.Errorf("a model that answers after %d rounds was asked %d times, and the turn ended %+v; want %d times and %+v: "+
			"the limit stops a reply that calls tools after the last round, not the request that follows it (see day03's exercise 1)",
			MaxRounds, len(g.Requests()), last, MaxRounds+1, want)
	}
	if msgs := a.Messages(); !reflect.DeepEqual(msgs[len(msgs)-1], model("All done.")) {
		t.Errorf("the conversation ends %+v, want the model's answer (see day03's exercise 1)", msgs[len(msgs)-1])
	}
}

// TestCancelKeepsFinishedRounds presses Ctrl-C at points of a turn's
// second round, on an agent that has a finished turn behind it. The
// rounds that finished stay, and so does the text shown after them; a
// call whose fragments were streaming never ran, and goes.
func TestCancelKeepsFinishedRounds(t *testing.T) {
	callA := llm.Message{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{{ID: "c0", Name: "upper", Arguments: `{"text":"a"}`}}}
	resultA := llm.Message{Role: llm.RoleTool, ToolCallID: "c0", Content: "A"}
	earlier := []llm.Message{system, user("hi"), model("All done.")}
	tests := []struct {
		name     string
		replies  [][]llm.StreamDelta // of the second turn
		at       int                 // the request whose stream Ctrl-C ends
		want     Event
		wantConv []llm.Message // after earlier
	}{
		{"during the text of round 2", [][]llm.StreamDelta{callsUpper("a"), pieces("Let me", " see")}, 2,
			Cancelled{Kept: true}, []llm.Message{user("go"), callA, resultA, model("Let me see")}},
		{"before any text of round 2", [][]llm.StreamDelta{callsUpper("a"), pieces()}, 2,
			Cancelled{Kept: true}, []llm.Message{user("go"), callA, resultA}},
		{"while the calls of round 2 stream", [][]llm.StreamDelta{callsUpper("a"),
			{{Text: "Again."}, {ToolCalls: []llm.ToolCallDelta{{ID: "c9", Name: "upper", Arguments: `{"te`}}}}}, 2,
			Cancelled{Kept: true}, []llm.Message{user("go"), callA, resultA, model("Again.")}},
		{"while the calls of round 1 stream", [][]llm.StreamDelta{{{ToolCalls: []llm.ToolCallDelta{{ID: "c9", Name: "upper"}}}}}, 1,
			Cancelled{}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			g := &llmtest.Script{Replies: llmtest.Replies(append([][]llm.StreamDelta{final}, tt.replies...)...)}
			for i := range g.Replies {
				g.Replies[i].AtEnd = func() {
					if len(g.Requests()) == 1+tt.at {
						cancel()
					}
				}
			}
			a := New(g, "m", tools.NewRegistry(upper{}))
			send(ctx, a, "hi")
			events := send(ctx, a, "go")
			if last := ending(t, events); last != tt.want {
				t.Errorf("the turn ended %#v, want %#v (see day03's exercise 1)", last, tt.want)
			}
			want := append(slices.Clone(earlier), tt.wantConv...)
			if got := a.Messages(); !reflect.DeepEqual(got, want) {
				t.Errorf("after Ctrl-C, the conversation is\n%+v\nwant\n%+v (see day03's exercise 1)", got, want)
			}
			if len(g.Requests()) != 1+tt.at {
				t.Errorf("the model was asked %d times, want %d: a stopped turn does not ask again (see day03's exercise 1)", len(g.Requests()), 1+tt.at)
			}
		})
	}
}

// TestCancelledWhileToolsRun presses Ctrl-C while the second of three
// calls runs. That call sees the cancelled context and ends; the third
// never starts, and is answered as not run, so that every call of the
// reply has its result and the conversation can go on.
func TestCancelledWhileToolsRun(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	g := &llmtest.Script{Replies: llmtest.Replies(callsUpper("a", "stop", "c"), final)}
	a := New(g, "m", tools.NewRegistry(upper{cancel: cancel}))
	events := send(ctx, a, "go")
	if last := ending(t, events); last != (Cancelled{Kept: true}) {
		t.Errorf("the turn ended %+v, want Cancelled{Kept: true}", last)
	}
	var started, cancelled []string
	for _, e := range events {
		switch e := e.(type) {
		case ToolStart:
			started = append(started, e.ID)
		case ToolEnd:
			if e.Cancelled {
				cancelled = append(cancelled, e.ID)
			}
		}
	}
	if want := []string{"c0", "c1"}; !reflect.DeepEqual(started, want) {
		t.Errorf("after Ctrl-C in call c1, the calls started were %v, want %v: the rest do not run", started, want)
	}
	if want := []string{"c1"}; !reflect.DeepEqual(cancelled, want) {
		t.Errorf("after Ctrl-C in call c1, the ToolEnds marked cancelled were %v, want %v: the one that was running", cancelled, want)
	}
	var results []string
	for _, m := range a.Messages()[3:] {
		results = append(results, m.Role+" "+m.ToolCallID+": "+m.Content)
	}
	want := []string{"tool c0: A", "tool c1: STOP", "tool c2: " + notRunCancelled}
	if !reflect.DeepEqual(results, want) {
		t.Errorf("after the reply, the conversation holds\n%q\nwant every call answered\n%q", results, want)
	}
	if len(g.Requests()) != 1 {
		t.Errorf("the model was asked %d times, want once: a stopped turn does not ask again", len(g.Requests()))
	}
}

// TestToolEndShowsWhatRan checks that the screen is told the arguments as
// the tool read them, while the conversation keeps them as the model wrote
// them: the model must see its own call again, byte for byte.
func TestToolEndShowsWhatRan(t *testing.T) {
	twice := `{"text":"shown","text":"run"}`
	reply := []llm.StreamDelta{{ToolCalls: []llm.ToolCallDelta{{ID: "c0", Name: "upper", Arguments: twice}}}, {Finish: "tool_calls"}}
	g := &llmtest.Script{Replies: llmtest.Replies(reply, final)}
	a := New(g, "m", tools.NewRegistry(upper{}))
	events := send(context.Background(), a, "go")
	if len(events) < 2 || len(a.Messages()) < 4 {
		t.Fatalf("the turn gave %d events and a conversation of %d messages; want the call run (see day03's exercise 1)", len(events), len(a.Messages()))
	}
	if end, ok := events[1].(ToolEnd); !ok || end.Arguments != `{"text":"run"}` {
		t.Errorf("event %+v, want a ToolEnd with the arguments the tool read, {\"text\":\"run\"}", events[1])
	}
	msgs := a.Messages()
	if calls := msgs[2].ToolCalls; len(calls) != 1 || calls[0].Arguments != twice || msgs[3].Content != "RUN" {
		t.Errorf("the conversation holds %+v and the result %q; want the call as the model wrote it, and RUN", calls, msgs[3].Content)
	}
}

// TestMaxCalls sends a reply of more calls than one reply runs: the first
// MaxCalls run, and the rest are answered as not run.
func TestMaxCalls(t *testing.T) {
	texts := make([]string, MaxCalls+3)
	for i := range texts {
		texts[i] = fmt.Sprint(i)
	}
	g := &llmtest.Script{Replies: llmtest.Replies(callsUpper(texts...), final)}
	a := New(g, "m", tools.NewRegistry(upper{}))
	events := send(context.Background(), a, "go")
	ran := 0
	for _, e := range events {
		if _, ok := e.(ToolEnd); ok {
			ran++
		}
	}
	msgs := a.Messages()
	if len(msgs) < 4 {
		t.Fatalf("the conversation has %d messages, want the calls and their results (see day03's exercise 1)", len(msgs))
	}
	results := msgs[3 : len(msgs)-1]
	if ran != MaxCalls || len(results) != len(texts) || results[MaxCalls-1].Content != fmt.Sprint(MaxCalls-1) ||
		results[MaxCalls].Content != notRunTooMany || results[len(results)-1].ToolCallID != fmt.Sprintf("c%d", len(texts)-1) {
		t.Errorf("a reply of %d calls: %d ran, %d results, the last of them %+v; want %d run and every call answered",
			len(texts), ran, len(results), results[len(results)-1], MaxCalls)
	}
}
