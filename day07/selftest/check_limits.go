package selftest

import (
	"context"
	"fmt"
	"strings"

	"ply/day07/agent"
	"ply/day07/llm"
	"ply/day07/llm/llmtest"
	"ply/day07/tools"
)

// turnEvents runs one turn of a on text and returns its events.
func turnEvents(ctx context.Context, a *agent.Agent, text string) []agent.Event {
	var events []agent.Event
	a.Send(ctx, text, func(e agent.Event) { events = append(events, e) })
	return events
}

// last returns the event that ended a turn.
func last(events []agent.Event) agent.Event {
	if len(events) == 0 {
		return nil
	}
	return events[len(events)-1]
}

func loopStops(ctx context.Context) error {
	a := agent.New(llm.Mock{}, "scripted", tools.NewRegistry(step{func() {}}, readme{}))
	events := turnEvents(ctx, a, "read README.md again and again")
	ran := 0
	for _, e := range events {
		if _, ok := e.(agent.ToolEnd); ok {
			ran++
		}
	}
	if _, ok := last(events).(agent.Repeated); !ok || ran != 2 {
		return fmt.Errorf("the turn ran %s and ended %#v; want 2 calls, then Repeated", llm.Count(ran, "call"), last(events))
	}
	msgs := a.Messages()
	if note := msgs[len(msgs)-1].Content; !strings.Contains(note, "3 times in a row") {
		return fmt.Errorf("the third call is answered %q, want a note to the model that says why it did not run", note)
	}
	return agent.WellFormed(msgs)
}

func loopRespelt(ctx context.Context) error {
	g := &llmtest.Script{Replies: llmtest.Replies(
		calling("step", `{"path":"a","n":1}`),
		calling("step", `{ "n": 1, "path": "a" }`),
		calling("step", "{\"path\":\"a\",\n\"n\":1}"),
		done,
	)}
	a := agent.New(g, "m", tools.NewRegistry(step{func() {}}))
	ended := last(turnEvents(ctx, a, "go"))
	if e, ok := ended.(agent.Repeated); !ok || e.Name != "step" {
		return fmt.Errorf("the turn ended %#v, want Repeated: the three calls are one call spelt three ways", ended)
	}
	return nil
}

func outOfRoom(ctx context.Context) error {
	g := &llmtest.Script{Replies: llmtest.Replies(done)}
	a := agent.New(g, "m", tools.NewRegistry())
	a.SetBudget(a.Context().Size() + 20)
	ended := last(turnEvents(ctx, a, strings.Repeat("a long paste ", 40)))
	if e, ok := ended.(agent.OutOfRoom); !ok || e.Size <= e.Budget || len(g.Requests()) != 0 {
		return fmt.Errorf("the turn ended %#v after %s, want OutOfRoom before any request", ended, llm.Count(len(g.Requests()), "request"))
	}
	if n := len(a.Messages()); n != 2 {
		return fmt.Errorf("the conversation holds %s after, want the system prompt and the user's message: the turn ran nothing", llm.Count(n, "message"))
	}
	return nil
}
