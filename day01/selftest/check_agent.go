package selftest

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"

	"ply/day01/agent"
	"ply/day01/llm"
)

// recorder is a gateway that keeps every request it is sent and answers
// with reply, or with err when err is set.
type recorder struct {
	requests []llm.Request
	reply    string
	err      error
}

func (g *recorder) Complete(ctx context.Context, req llm.Request) (llm.Message, error) {
	g.requests = append(g.requests, llm.Request{Model: req.Model, Messages: slices.Clone(req.Messages)})
	if g.err != nil {
		return llm.Message{}, g.err
	}
	return llm.Message{Role: llm.RoleAssistant, Content: g.reply}, nil
}

// roles lists the roles of msgs, for messages that show a conversation's shape.
func roles(msgs []llm.Message) []string {
	var out []string
	for _, m := range msgs {
		out = append(out, m.Role)
	}
	return out
}

func sendsSystemPrompt(ctx context.Context) error {
	g := &recorder{reply: "hi"}
	if _, err := agent.New(g, "m").Send(ctx, "hello"); err != nil {
		return err
	}
	if len(g.requests) != 1 {
		return fmt.Errorf("one Send made %d requests, want 1", len(g.requests))
	}
	got := g.requests[0].Messages
	want := []llm.Message{
		{Role: llm.RoleSystem, Content: agent.SystemPrompt},
		{Role: llm.RoleUser, Content: "hello"},
	}
	if !reflect.DeepEqual(got, want) {
		return fmt.Errorf("first request sent roles %v, want [system user] with the system prompt first", roles(got))
	}
	if g.requests[0].Model != "m" {
		return fmt.Errorf("request model = %q, want the agent's model %q", g.requests[0].Model, "m")
	}
	return nil
}

func keepsHistory(ctx context.Context) error {
	g := &recorder{reply: "answer"}
	a := agent.New(g, "m")
	for _, text := range []string{"one", "two"} {
		if _, err := a.Send(ctx, text); err != nil {
			return err
		}
	}
	want := []string{"system", "user", "assistant", "user"}
	if got := roles(g.requests[len(g.requests)-1].Messages); !slices.Equal(got, want) {
		return fmt.Errorf("second request sent roles %v, want %v", got, want)
	}
	if got := len(a.Messages()); got != 5 {
		return fmt.Errorf("after two turns the conversation has %s, want 5", llm.Count(got, "message"))
	}
	return nil
}

func failedTurnUnchanged(ctx context.Context) error {
	g := &recorder{reply: "answer"}
	a := agent.New(g, "m")
	if _, err := a.Send(ctx, "one"); err != nil {
		return err
	}
	before := a.Messages()
	g.err = errors.New("server down")
	if _, err := a.Send(ctx, "two"); err == nil {
		return errors.New("the gateway failed but Send returned no error")
	}
	if got := a.Messages(); !reflect.DeepEqual(got, before) {
		return fmt.Errorf("after a failed turn the conversation has roles %v, want %v as before", roles(got), roles(before))
	}
	return nil
}

func clearKeepsSystemPrompt(ctx context.Context) error {
	a := agent.New(&recorder{reply: "answer"}, "m")
	if _, err := a.Send(ctx, "one"); err != nil {
		return err
	}
	a.Clear()
	want := []llm.Message{{Role: llm.RoleSystem, Content: agent.SystemPrompt}}
	if got := a.Messages(); !reflect.DeepEqual(got, want) {
		return fmt.Errorf("after Clear the conversation has roles %v, want only the system prompt", roles(got))
	}
	return nil
}
