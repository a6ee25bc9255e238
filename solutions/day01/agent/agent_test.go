package agent

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"testing"

	"ply/day01/llm"
)

// script is a test gateway: it keeps a copy of every request and answers
// with the next of its replies, or with err when err is set.
type script struct {
	replies  []string
	err      error
	requests []llm.Request
}

func (s *script) Complete(ctx context.Context, req llm.Request) (llm.Message, error) {
	s.requests = append(s.requests, llm.Request{Model: req.Model, Messages: slices.Clone(req.Messages)})
	if s.err != nil {
		return llm.Message{}, s.err
	}
	reply := s.replies[0]
	s.replies = s.replies[1:]
	return llm.Message{Role: llm.RoleAssistant, Content: reply}, nil
}

var (
	system = llm.Message{Role: llm.RoleSystem, Content: SystemPrompt}
	user   = func(s string) llm.Message { return llm.Message{Role: llm.RoleUser, Content: s} }
	model  = func(s string) llm.Message { return llm.Message{Role: llm.RoleAssistant, Content: s} }
)

func TestSendKeepsTheConversation(t *testing.T) {
	gw := &script{replies: []string{"A1", "A2"}}
	a := New(gw, "m")
	for _, text := range []string{"Q1", "Q2"} {
		if _, err := a.Send(context.Background(), text); err != nil {
			t.Fatalf("Send(%q): %v", text, err)
		}
	}
	wantSent := [][]llm.Message{
		{system, user("Q1")},
		{system, user("Q1"), model("A1"), user("Q2")},
	}
	for i, want := range wantSent {
		if got := gw.requests[i].Messages; !reflect.DeepEqual(got, want) {
			t.Errorf("request %d sent %v, want %v", i+1, got, want)
		}
	}
	if got, want := a.Messages(), append(wantSent[1], model("A2")); !reflect.DeepEqual(got, want) {
		t.Errorf("Messages() = %v, want %v", got, want)
	}
}

// TestSendFailureChangesNothing holds Send to its promise about failure:
// the user can simply ask again, because a failed turn took back all it
// added and nothing else.
//
//lab:exercise 3 Test that when the gateway fails, Send returns the gateway's error and leaves Messages() exactly as it was before the call, earlier turns and all.
func TestSendFailureChangesNothing(t *testing.T) {
	gw := &script{replies: []string{"A1"}}
	a := New(gw, "m")
	if _, err := a.Send(context.Background(), "Q1"); err != nil {
		t.Fatal(err)
	}
	before := a.Messages()
	gw.err = errors.New("boom")
	if _, err := a.Send(context.Background(), "Q2"); !errors.Is(err, gw.err) {
		t.Errorf("Send error = %v, want the gateway's error", err)
	}
	if got := a.Messages(); !reflect.DeepEqual(got, before) {
		t.Errorf("after a failed Send, Messages() = %v, want %v as before", got, before)
	}
}

func TestClearAndModel(t *testing.T) {
	gw := &script{replies: []string{"A1", "A2"}}
	a := New(gw, "m1")
	if _, err := a.Send(context.Background(), "Q1"); err != nil {
		t.Fatal(err)
	}
	a.Clear()
	a.SetModel("m2")
	if _, err := a.Send(context.Background(), "Q2"); err != nil {
		t.Fatal(err)
	}
	if len(gw.requests) == 0 {
		t.Fatal("the gateway got no request")
	}
	last := gw.requests[len(gw.requests)-1]
	if want := []llm.Message{system, user("Q2")}; !reflect.DeepEqual(last.Messages, want) {
		t.Errorf("after Clear, request sent %v, want %v", last.Messages, want)
	}
	if last.Model != "m2" || a.Model() != "m2" {
		t.Errorf("after SetModel(m2), request model %q and Model() %q, want m2", last.Model, a.Model())
	}
}

func TestMessagesIsACopy(t *testing.T) {
	a := New(&script{}, "m")
	msgs := a.Messages()
	if len(msgs) == 0 {
		t.Fatal("a new agent's Messages() is empty, want the system prompt")
	}
	msgs[0].Content = "changed"
	if !reflect.DeepEqual(a.Messages()[0], system) {
		t.Error("changing the result of Messages() changed the agent's conversation")
	}
}
