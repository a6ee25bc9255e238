package agent

import (
	"context"
	"errors"
	"reflect"
	"slices"
	"testing"

	"ply/day04/llm"
	"ply/day04/tools"
)

// script is a test gateway: each call streams the next of its replies,
// given as text pieces, and keeps a copy of the request. A reply may end
// with an error (err), or with the turn's context being cancelled (cancel).
// It counts the streams it opened and those closed again.
type script struct {
	replies  [][]string
	err      error
	cancel   context.CancelFunc
	requests []llm.Request

	opened, closed int
}

func (s *script) Stream(ctx context.Context, req llm.Request) (llm.Stream, error) {
	s.requests = append(s.requests, llm.Request{Model: req.Model, Messages: slices.Clone(req.Messages)})
	if len(s.replies) == 0 {
		return nil, s.err
	}
	pieces := s.replies[0]
	s.replies = s.replies[1:]
	s.opened++
	return &pieceStream{ctx: ctx, pieces: pieces, end: s.err, cancel: s.cancel, closed: &s.closed}, nil
}

// pieceStream hands out text pieces, then the usage, or ends with an error.
type pieceStream struct {
	ctx    context.Context
	pieces []string
	end    error
	cancel context.CancelFunc
	delta  llm.StreamDelta
	err    error
	done   bool
	closed *int // counts the calls of Close
}

func (p *pieceStream) Next() bool {
	switch {
	case len(p.pieces) > 0:
		p.delta, p.pieces = llm.StreamDelta{Text: p.pieces[0]}, p.pieces[1:]
		return true
	case p.cancel != nil:
		// The user presses Ctrl-C, and the connection breaks with an
		// error of its own: only the context tells a cancel from a failure.
		p.cancel()
		p.err = errors.New("read: connection reset by peer")
	case p.end != nil:
		p.err = p.end
	case !p.done:
		p.delta, p.done = llm.StreamDelta{Finish: "stop", Usage: &llm.Usage{Input: 7, Output: 2}}, true
		return true
	}
	return false
}

func (p *pieceStream) Delta() llm.StreamDelta { return p.delta }
func (p *pieceStream) Err() error             { return p.err }
func (p *pieceStream) Close() error           { *p.closed++; return nil }

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
		secondErr  error // how the second turn fails, if it does
		wantEvents []Event
		wantConv   []llm.Message // after the second turn, "Q2"
	}{
		{"finished", &script{replies: [][]string{{"A1"}, {"A", "2"}}}, nil,
			[]Event{Text{"A"}, Text{"2"}, TurnDone{llm.Usage{Input: 7, Output: 2}}},
			[]llm.Message{system, user("Q1"), model("A1"), user("Q2"), model("A2")}},
		{"refused before the stream", &script{replies: [][]string{{"A1"}}}, boom,
			[]Event{Failed{boom}},
			[]llm.Message{system, user("Q1"), model("A1")}},
		{"broken mid-stream", &script{replies: [][]string{{"A1"}, {"par"}}}, boom,
			[]Event{Text{"par"}, Failed{boom}},
			[]llm.Message{system, user("Q1"), model("A1")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := New(tt.gateway, "m", tools.NewRegistry())
			if events := send(context.Background(), a, "Q1"); len(events) == 0 {
				t.Fatal("the first turn emitted no events")
			}
			tt.gateway.err = tt.secondErr
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
			a := New(&script{replies: [][]string{tt.pieces}, cancel: cancel}, "m", tools.NewRegistry())
			events := send(ctx, a, "story")
			if len(events) == 0 {
				t.Fatal("the turn emitted no events")
			}
			if last := events[len(events)-1]; last != tt.want {
				t.Errorf("last event %v, want %v", last, tt.want)
			}
			if got := a.Messages(); !reflect.DeepEqual(got, tt.wantConv) {
				t.Errorf("conversation %v, want %v", got, tt.wantConv)
			}
		})
	}
}

func TestClearAndModel(t *testing.T) {
	gw := &script{replies: [][]string{{"A1"}, {"A2"}}}
	a := New(gw, "m1", tools.NewRegistry())
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
	a := New(&script{}, "m", tools.NewRegistry())
	a.Messages()[0].Content = "changed"
	if !reflect.DeepEqual(a.Messages()[0], system) {
		t.Error("changing the result of Messages() changed the agent's conversation")
	}
}
