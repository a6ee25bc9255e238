package selftest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strings"

	"ply/day07/agent"
	"ply/day07/llm"
	"ply/day07/llm/llmtest"
	"ply/day07/tools"
)

// echo is a tool that answers with the arguments it was given.
type echo struct{}

func (echo) Name() string            { return "echo" }
func (echo) Description() string     { return "Answers with its arguments." }
func (echo) Schema() json.RawMessage { return json.RawMessage(`{"type":"object"}`) }
func (echo) Args() any               { return new(map[string]any) }
func (echo) ReadOnly() bool          { return true }
func (echo) Run(_ context.Context, args json.RawMessage) (string, error) {
	return "echo " + string(args), nil
}

// rounds is a model that streams replies in turn, then the last one
// again, and refuses past maxAsked requests, so that a loop that never
// stops fails its check rather than fill the memory.
func rounds(replies ...llmtest.Reply) *llmtest.Script {
	for len(replies) < maxAsked {
		replies = append(replies, replies[len(replies)-1])
	}
	return &llmtest.Script{Replies: append(replies, llmtest.Reply{Refuse: errLoops})}
}

// maxAsked is more requests than any turn makes: once, and once more
// after each of MaxRounds rounds.
const maxAsked = agent.MaxRounds + 5

var (
	errReset = errors.New("read: connection reset by peer")
	errLoops = fmt.Errorf("asked %d times in one turn: the loop does not stop", maxAsked+1)
)

// fragment is a delta with one tool-call fragment.
func fragment(index int, id, name, args string) llm.StreamDelta {
	return llm.StreamDelta{ToolCalls: []llm.ToolCallDelta{{Index: index, ID: id, Name: name, Arguments: args}}}
}

// callsEcho is a whole reply that calls echo once, with the ID id, and
// says what it cost.
func callsEcho(id string) []llm.StreamDelta {
	return []llm.StreamDelta{fragment(0, id, "echo", `{}`), {Finish: "tool_calls", Usage: &llm.Usage{Input: 10, Output: 1}}}
}

// eachRound is n whole replies that each call echo once, with arguments
// that differ from round to round, or loop detection would stop the turn
// first.
func eachRound(n int) [][]llm.StreamDelta {
	var replies [][]llm.StreamDelta
	for i := range n {
		replies = append(replies, []llm.StreamDelta{
			fragment(0, fmt.Sprintf("call_%d", i), "echo", fmt.Sprintf(`{"round":%d}`, i)),
			{Finish: "tool_calls", Usage: &llm.Usage{Input: 10, Output: 1}},
		})
	}
	return replies
}

// done is the last reply of a scripted conversation.
var done = []llm.StreamDelta{{Text: "Done."}, {Finish: "stop", Usage: &llm.Usage{Input: 20, Output: 2}}}

// runTurn runs one turn on g with the echo tool and returns the events and
// the conversation after it.
func runTurn(ctx context.Context, g llm.Gateway) ([]agent.Event, []llm.Message) {
	a := agent.New(g, "m", tools.NewRegistry(echo{}))
	var events []agent.Event
	a.Send(ctx, "go", func(e agent.Event) { events = append(events, e) })
	return events, a.Messages()
}

// describe shows an event with its type and fields, an error as its text.
func describe(e agent.Event) string {
	return fmt.Sprintf("%T%+v", e, e)
}

// lastEvent returns the event that ended a turn, or an error when the
// turn sent none.
func lastEvent(events []agent.Event) (agent.Event, error) {
	if len(events) == 0 {
		return nil, errors.New("the turn sent no event at all; it must end with one")
	}
	return events[len(events)-1], nil
}

// unanswered returns the IDs of the calls in msgs that no tool message
// answers, once for each call: a server refuses a conversation that has
// any. Calls of different rounds may share an ID, so it counts.
func unanswered(msgs []llm.Message) []string {
	open := map[string]int{}
	for _, m := range msgs {
		for _, c := range m.ToolCalls {
			open[c.ID]++
		}
		if m.Role == llm.RoleTool {
			open[m.ToolCallID]--
		}
	}
	var ids []string
	for _, id := range slices.Sorted(maps.Keys(open)) {
		for range open[id] {
			ids = append(ids, id)
		}
	}
	return ids
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
	g := rounds(llmtest.Replies([]llm.StreamDelta{
		fragment(0, "call_a", "echo", ""),
		fragment(0, "", "", `{"pa`), fragment(0, "", "", `th": "calc`), fragment(0, "", "", `.go"}`),
		{Finish: "tool_calls"},
	}, done)...)
	_, msgs := runTurn(ctx, g)
	want := llm.ToolCall{ID: "call_a", Name: "echo", Arguments: `{"path": "calc.go"}`}
	if len(msgs) < 3 {
		return fmt.Errorf("after the turn the conversation holds %s, want the question, the call, its result and the answer", llm.Count(len(msgs), "message"))
	}
	if len(msgs[2].ToolCalls) != 1 || msgs[2].ToolCalls[0] != want {
		return fmt.Errorf("the assistant's message is %+v, want one call %+v", msgs[2], want)
	}
	results := toolMessages(msgs)
	if len(results) != 1 || results[0].ToolCallID != "call_a" {
		return fmt.Errorf("tool messages %+v, want one answering call_a", results)
	}
	return nil
}

func parallelCalls(ctx context.Context) error {
	// The fragments of two calls come interleaved, and call 1 starts first.
	g := rounds(llmtest.Replies([]llm.StreamDelta{
		fragment(1, "call_b", "echo", `{"n":`),
		fragment(0, "call_a", "echo", `{"n":`),
		fragment(1, "", "", `2}`),
		fragment(0, "", "", `1}`),
		{Finish: "tool_calls"},
	}, done)...)
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
	g := rounds(llmtest.Replies([]llm.StreamDelta{fragment(0, "", "echo", `{"x":1}`), {Finish: "tool_calls"}}, done)...)
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
	g := rounds(llmtest.Replies(eachRound(agent.MaxRounds + 1)...)...)
	events, msgs := runTurn(ctx, g)
	last, err := lastEvent(events)
	if err != nil {
		return err
	}
	asked := agent.MaxRounds + 1 // once, then once more after each round
	want := agent.RoundLimit{Rounds: agent.MaxRounds, Usage: llm.Usage{Input: 10 * asked, Output: asked}}
	if last != want {
		return fmt.Errorf("the turn ended with %s, want %s: the rounds, and the usage of every request", describe(last), describe(want))
	}
	if len(g.Requests()) != asked {
		return fmt.Errorf("the model was asked %s, want %d: once, then once more after each round", llm.Count(len(g.Requests()), "time"), asked)
	}
	end := msgs[len(msgs)-1]
	if ids := unanswered(msgs); end.Role != llm.RoleTool || !strings.HasPrefix(end.Content, "not run") || len(ids) > 0 {
		return fmt.Errorf("the conversation ends with %+v, and calls %q have no result; want every call answered, the last as not run", end, ids)
	}
	// A model that needs every round it may have still gets to answer.
	g = rounds(llmtest.Replies(append(eachRound(agent.MaxRounds), done)...)...)
	events, _ = runTurn(ctx, g)
	if last, err = lastEvent(events); err != nil {
		return err
	}
	if _, ok := last.(agent.TurnDone); !ok || len(g.Requests()) != asked {
		return fmt.Errorf("a model that answers after %d rounds was asked %d times and the turn ended with %s; want %d and agent.TurnDone",
			agent.MaxRounds, len(g.Requests()), describe(last), asked)
	}
	return nil
}

func cancelKeepsRounds(ctx context.Context) error {
	// Round 1 runs a call; Ctrl-C comes while round 2 streams its text and
	// the first fragment of a call.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	g := rounds(
		llmtest.Reply{Deltas: callsEcho("call_1")},
		// Ctrl-C, and the connection breaks with an error of its own:
		// only the context tells a cancel from a failure.
		llmtest.Reply{Deltas: []llm.StreamDelta{{Text: "Let me look "}, {Text: "again."}, fragment(0, "call_2", "echo", `{"pa`)}, AtEnd: cancel, Err: errReset},
	)
	events, msgs := runTurn(ctx, g)
	last, err := lastEvent(events)
	if err != nil {
		return err
	}
	want := []llm.Message{
		{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{{ID: "call_1", Name: "echo", Arguments: `{}`}}},
		{Role: llm.RoleTool, ToolCallID: "call_1", Content: "echo {}"},
		{Role: llm.RoleAssistant, Content: "Let me look again."},
	}
	if last != (agent.Cancelled{Kept: true}) || len(msgs) != 5 || !reflect.DeepEqual(msgs[2:], want) {
		return fmt.Errorf("Ctrl-C in round 2 ended the turn with %s and left the conversation after the system prompt %+v; want Cancelled{Kept: true}, "+
			"the question, round 1 and the text shown, without the call that never ran", describe(last), msgs[min(1, len(msgs)):])
	}
	return nil
}
