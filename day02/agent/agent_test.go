package agent

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"testing"

	"ply/day02/llm"
)

// script is the test gateway. Each call streams the next of its replies,
// a list of deltas, and the last one again once they run out; a nil reply
// is a refusal, and the call fails with refuse before any stream. Each
// stream checks its context as a real one does. After its deltas it calls
// atEnd, when that is set (a test can press Ctrl-C there), and ends with
// breakOff, or with the context's error if there is no breakOff. The
// script keeps a copy of every request, and counts the streams it opened
// and those closed again.
type script struct {
	replies  [][]llm.StreamDelta
	refuse   error
	breakOff error
	atEnd    func()
	requests []llm.Request

	opened, closed int
}

func (s *script) Stream(ctx context.Context, req llm.Request) (llm.Stream, error) {
	req.Messages = slices.Clone(req.Messages)
	s.requests = append(s.requests, req)
	var reply []llm.StreamDelta
	if len(s.replies) > 0 {
		reply = s.replies[min(len(s.requests), len(s.replies))-1]
	}
	if reply == nil {
		return nil, s.refuse
	}
	s.opened++
	return &scriptStream{ctx: ctx, deltas: reply, breakOff: s.breakOff, atEnd: s.atEnd, closed: &s.closed}, nil
}

// scriptStream hands out a reply's deltas, then ends as its script says.
type scriptStream struct {
	ctx      context.Context
	deltas   []llm.StreamDelta // the ones not handed out yet
	breakOff error
	atEnd    func() // called once, when the deltas have run out
	now      llm.StreamDelta
	err      error
	closed   *int // counts the calls of Close
}

func (s *scriptStream) Next() bool {
	switch {
	case s.err != nil:
		return false
	case s.ctx.Err() != nil:
		s.err = s.ctx.Err()
		return false
	case len(s.deltas) > 0:
		s.now, s.deltas = s.deltas[0], s.deltas[1:]
		return true
	}
	if s.atEnd != nil {
		s.atEnd()
		s.atEnd = nil
	}
	s.err = s.breakOff
	if s.err == nil {
		s.err = s.ctx.Err()
	}
	return false
}

func (s *scriptStream) Delta() llm.StreamDelta { return s.now }
func (s *scriptStream) Err() error             { return s.err }
func (s *scriptStream) Close() error           { *s.closed++; return nil }

// pieces is a reply that the model has not finished: its text in pieces.
func pieces(texts ...string) []llm.StreamDelta {
	deltas := []llm.StreamDelta{} // never nil: a nil reply is a refusal
	for _, text := range texts {
		deltas = append(deltas, llm.StreamDelta{Text: text})
	}
	return deltas
}

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
		gateway    *script
		breakOff   error // how the second turn's stream breaks, if it does
		wantEvents []Event
		wantConv   []llm.Message // after the second turn, "Q2"
	}{
		{"finished", &script{replies: [][]llm.StreamDelta{says("A1"), says("A", "2")}}, nil,
			[]Event{Text{"A"}, Text{"2"}, TurnDone{llm.Usage{Input: 7, Output: 2}}},
			[]llm.Message{system, user("Q1"), model("A1"), user("Q2"), model("A2")}},
		{"refused before the stream", &script{replies: [][]llm.StreamDelta{says("A1"), nil}, refuse: boom}, nil,
			[]Event{Failed{boom}},
			[]llm.Message{system, user("Q1"), model("A1")}},
		{"broken mid-stream", &script{replies: [][]llm.StreamDelta{says("A1"), pieces("par")}}, boom,
			[]Event{Text{"par"}, Failed{boom}},
			[]llm.Message{system, user("Q1"), model("A1")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := New(tt.gateway, "m")
			if events := send(context.Background(), a, "Q1"); len(events) == 0 {
				t.Fatal("the first turn emitted no events")
			}
			tt.gateway.breakOff = tt.breakOff
			if got := send(context.Background(), a, "Q2"); !slices.Equal(got, tt.wantEvents) {
				t.Errorf("events %#v\nwant   %#v", got, tt.wantEvents)
			}
			if got := a.Messages(); !reflect.DeepEqual(got, tt.wantConv) {
				t.Errorf("conversation %v, want %v", got, tt.wantConv)
			}
			if g := tt.gateway; g.closed != g.opened {
				t.Errorf("%d streams opened, %d closed: close every stream, whatever happens", g.opened, g.closed)
			}
			if len(tt.gateway.requests) == 0 {
				t.Fatal("the gateway got no request")
			}
			sent := tt.gateway.requests[len(tt.gateway.requests)-1].Messages
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
			gw := &script{replies: [][]llm.StreamDelta{pieces(tt.pieces...)}, atEnd: cancel,
				breakOff: errors.New("read: connection reset by peer")}
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
	gw := &script{replies: [][]llm.StreamDelta{says("A1"), says("A2")}}
	a := New(gw, "m1")
	send(context.Background(), a, "Q1")
	a.Clear()
	a.SetModel("m2")
	send(context.Background(), a, "Q2")
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
	a.Messages()[0].Content = "changed"
	if !reflect.DeepEqual(a.Messages()[0], system) {
		t.Error("changing the result of Messages() changed the agent's conversation")
	}
}
