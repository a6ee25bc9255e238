package selftest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"

	"ply/day02/agent"
	"ply/day02/llm"
	"ply/day02/llm/llmtest"
)

// answers is a model that answers every request with pieces of text,
// then the finish and the usage.
func answers(pieces ...string) *llmtest.Script {
	deltas := append(llmtest.Text(pieces...), llm.StreamDelta{Finish: "stop", Usage: &llm.Usage{Input: 12, Output: 3}})
	return &llmtest.Script{Replies: []llmtest.Reply{{Deltas: deltas}}}
}

// turn runs one turn and returns the events it emitted.
func turn(ctx context.Context, a *agent.Agent, text string) []agent.Event {
	var events []agent.Event
	a.Send(ctx, text, func(e agent.Event) { events = append(events, e) })
	return events
}

// roles lists the roles of msgs, for messages that show a conversation's shape.
func roles(msgs []llm.Message) []string {
	var out []string
	for _, m := range msgs {
		out = append(out, m.Role)
	}
	return out
}

func turnEvents(ctx context.Context) error {
	g := answers("Hel", "lo")
	got := turn(ctx, agent.New(g, "m"), "hi")
	want := []agent.Event{agent.Text{Text: "Hel"}, agent.Text{Text: "lo"},
		agent.TurnDone{Usage: llm.Usage{Input: 12, Output: 3}}}
	if !slices.Equal(got, want) {
		return fmt.Errorf("events %#v, want %#v", got, want)
	}
	if _, closed := g.Streams(); closed != 1 {
		return fmt.Errorf("the stream was closed %d times, want once", closed)
	}
	sent := g.Requests()[0]
	if sent.Model != "m" || !slices.Equal(roles(sent.Messages), []string{"system", "user"}) {
		return fmt.Errorf("sent model %q with roles %v, want model m with [system user]", sent.Model, roles(sent.Messages))
	}
	return nil
}

func finishedTurnKept(ctx context.Context) error {
	a := agent.New(answers("Hel", "lo"), "m")
	turn(ctx, a, "hi")
	want := []llm.Message{
		{Role: llm.RoleSystem, Content: agent.SystemPrompt},
		{Role: llm.RoleUser, Content: "hi"},
		{Role: llm.RoleAssistant, Content: "Hello"},
	}
	if got := a.Messages(); !reflect.DeepEqual(got, want) {
		return fmt.Errorf("after the turn the conversation is %v, want %v", got, want)
	}
	return nil
}

func failedTurnUnchanged(ctx context.Context) error {
	reset := errors.New("connection reset")
	a := agent.New(&llmtest.Script{Replies: []llmtest.Reply{{Deltas: llmtest.Text("Hel"), Err: reset}}}, "m")
	events := turn(ctx, a, "hi")
	if len(events) == 0 {
		return errors.New("the turn emitted no events")
	}
	if last, ok := events[len(events)-1].(agent.Failed); !ok || !errors.Is(last.Err, reset) {
		return fmt.Errorf("the last event is %#v, want agent.Failed with the stream's error", events[len(events)-1])
	}
	if got := roles(a.Messages()); !slices.Equal(got, []string{"system"}) {
		return fmt.Errorf("after a failed turn the conversation has roles %v, want [system] as before", got)
	}
	return nil
}

func cancelledTurnKeepsPartial(ctx context.Context) error {
	for _, pieces := range [][]string{{"Once upon", " a time"}, nil} {
		ctx, cancel := context.WithCancel(ctx)
		// Ctrl-C, and the connection breaks with an error of its own:
		// only the context tells a cancel from a failure.
		g := &llmtest.Script{Replies: []llmtest.Reply{{Deltas: llmtest.Text(pieces...), AtEnd: cancel,
			Err: errors.New("read: connection reset by peer")}}}
		a := agent.New(g, "m")
		events := turn(ctx, a, "tell me a story")
		want := agent.Cancelled{Kept: pieces != nil}
		if len(events) == 0 || events[len(events)-1] != agent.Event(want) {
			return fmt.Errorf("with pieces %q, the events are %v, want them to end with %#v", pieces, events, want)
		}
		wantRoles := []string{"system"}
		if pieces != nil {
			wantRoles = []string{"system", "user", "assistant"}
		}
		if got := roles(a.Messages()); !slices.Equal(got, wantRoles) {
			return fmt.Errorf("with pieces %q, after Ctrl-C the conversation has roles %v, want %v", pieces, got, wantRoles)
		}
	}
	return nil
}
