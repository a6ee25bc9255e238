package agent

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"testing"

	"ply/day02/llm"
	"ply/day02/llm/llmtest"
)

// pieces is the text of a reply that the model has not finished.
var pieces = llmtest.Text

// says is a whole reply: its text in pieces, then the finish and the usage.
func says(texts ...string) []llm.StreamDelta {
	return append(pieces(texts...), llm.StreamDelta{Finish: "stop", Usage: &llm.Usage{Input: 7, Output: 2}})
}

var (
	system = llm.Message{Role: llm.RoleSystem, Content: SystemPrompt}
	user   = func(s string) llm.Message { return llm.Message{Role: llm.RoleUser, Content: s} }
	model  = func(s string) llm.Message { return llm.Message{Role: llm.RoleAssistant, Content: s} }
)

// send runs a turn and returns its events.
func send(ctx context.Context, a *Agent, text string) []Event {
	var events []Event
	a.Send(ctx, text, func(e Event) { events = append(events, e) })
	return events
}

func TestTurns(t *testing.T) {
	boom := errors.New("connection reset")
	tests := []struct {
		name       string
		second     llmtest.Reply // the reply to the second turn, "Q2"
		wantEvents []Event
		wantConv   []llm.Message // after the second turn
	}{
		{"finished", llmtest.Reply{Deltas: says("A", "2")},
			[]Event{Text{"A"}, Text{"2"}, TurnDone{llm.Usage{Input: 7, Output: 2}}},
			[]llm.Message{system, user("Q1"), model("A1"), user("Q2"), model("A2")}},
		{"refused before the stream", llmtest.Reply{Refuse: boom},
			[]Event{Failed{boom}},
			[]llm.Message{system, user("Q1"), model("A1")}},
		{"broken mid-stream", llmtest.Reply{Deltas: pieces("par"), Err: boom},
			[]Event{Text{"par"}, Failed{boom}},
			[]llm.Message{system, user("Q1"), model("A1")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &llmtest.Script{Replies: []llmtest.Reply{{Deltas: says("A1")}, tt.second}}
			a := New(g, "m")
			if events := send(context.Background(), a, "Q1"); len(events) == 0 {
				t.Fatal("the first turn emitted no events")
			}
			if got := send(context.Background(), a, "Q2"); !slices.Equal(got, tt.wantEvents) {
				t.Errorf("events %#v\nwant   %#v", got, tt.wantEvents)
			}
			if got := a.Messages(); !reflect.DeepEqual(got, tt.wantConv) {
				t.Errorf("conversation %v, want %v", got, tt.wantConv)
			}
			if opened, closed := g.Streams(); closed != opened {
				t.Errorf("%d streams opened, %d closed: close every stream, whatever happens", opened, closed)
			}
			requests := g.Requests()
			if len(requests) == 0 {
				t.Fatal("the gateway got no request")
			}
			sent := requests[len(requests)-1].Messages
			if want := []llm.Message{system, user("Q1"), model("A1"), user("Q2")}; !reflect.DeepEqual(sent, want) {
				t.Errorf("second request sent %v, want %v", sent, want)
			}
		})
	}
}

// TestCancelledTurn presses Ctrl-C during a turn, once after some text and
// once before any, and checks how the turn ends and what the conversation
// keeps.
//
//lab:exercise 6 Test that a turn the user cancels ends in Cancelled: Kept, with the message and the text shown joining the conversation, when some text was shown; not Kept, the conversation as before, when none was.
func TestCancelledTurn(t *testing.T) {
	tests := []struct {
		name     string
		pieces   []string
		want     Event
		wantConv []llm.Message
	}{
		{"after some text", []string{"Once", " upon"}, Cancelled{Kept: true}, []llm.Message{system, user("story"), model("Once upon")}},
		{"before any text", nil, Cancelled{}, []llm.Message{system}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			// Ctrl-C cuts the connection, and the read fails with an error
			// of its own: only the context can tell a cancel from a failure.
			gw := &llmtest.Script{Replies: []llmtest.Reply{{Deltas: pieces(tt.pieces...), AtEnd: cancel,
				Err: errors.New("read: connection reset by peer")}}}
			a := New(gw, "m")
			events := send(ctx, a, "story")
			if len(events) == 0 {
				t.Fatal("the turn emitted no events")
			}
			if last := events[len(events)-1]; last != tt.want {
				t.Errorf("last event %#v, want %#v", last, tt.want)
			}
			if got := a.Messages(); !reflect.DeepEqual(got, tt.wantConv) {
				t.Errorf("conversation %v, want %v", got, tt.wantConv)
			}
		})
	}
}

func TestClearAndModel(t *testing.T) {
	gw := &llmtest.Script{Replies: llmtest.Replies(says("A1"), says("A2"))}
	a := New(gw, "m1")
	send(context.Background(), a, "Q1")
	a.Clear()
	a.SetModel("m2")
	send(context.Background(), a, "Q2")
	requests := gw.Requests()
	if len(requests) == 0 {
		t.Fatal("the gateway got no request")
	}
	last := requests[len(requests)-1]
	if want := []llm.Message{system, user("Q2")}; !reflect.DeepEqual(last.Messages, want) {
		t.Errorf("after Clear, request sent %v, want %v", last.Messages, want)
	}
	if last.Model != "m2" || a.Model() != "m2" {
		t.Errorf("after SetModel(m2), request model %q and Model() %q, want m2", last.Model, a.Model())
	}
}

func TestMessagesIsACopy(t *testing.T) {
	a := New(&llmtest.Script{}, "m")
	msgs := a.Messages()
	if len(msgs) == 0 {
		t.Fatal("a new agent's Messages() is empty, want the system prompt")
	}
	msgs[0].Content = "changed"
	if !reflect.DeepEqual(a.Messages()[0], system) {
		t.Error("changing the result of Messages() changed the agent's conversation")
	}
}
