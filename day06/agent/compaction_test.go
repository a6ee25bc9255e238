package agent

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"ply/day06/llm"
	"ply/day06/llm/llmtest"
	"ply/day06/tools"
)

// chatWith runs one turn for each of texts and returns the events of the
// last.
func chatWith(a *Agent, texts ...string) []Event {
	var events []Event
	for _, text := range texts {
		events = send(context.Background(), a, text)
	}
	return events
}

func TestCompactWithTheMock(t *testing.T) {
	a := New(llm.Mock{}, "scripted", tools.NewRegistry())
	chatWith(a, "remember that tabs are 8 wide", "what can you do?", "hello")
	c, err := a.Compact(context.Background())
	if err != nil {
		t.Fatalf("Compact: %v", err)
	}
	if c.Replaced != 4 || c.After >= c.Before {
		t.Errorf("Compact = %+v, want 4 messages replaced and a smaller conversation", c)
	}
	msgs := a.Messages()
	if len(msgs) != 4 || !llm.IsSummary(msgs[1]) || msgs[2].Content != "hello" {
		t.Fatalf("after Compact: %v, want the system prompt, the summary and the last turn", msgs)
	}
	events := chatWith(a, "what did I ask you to remember?")
	if text := texts(events); text != "You asked me to remember that tabs are 8 wide." {
		t.Errorf("after compaction the Mock answers %q: the summary should carry what it was told", text)
	}
	if _, err := a.Compact(context.Background()); err != nil {
		t.Errorf("a second Compact after one more turn: %v", err)
	}
	if n := len(a.Messages()); n != 4 {
		t.Errorf("after a second Compact the conversation has %d messages, want 4: one summary, not two", n)
	}
}

// texts joins the Text events of a turn.
func texts(events []Event) string {
	var b strings.Builder
	for _, e := range events {
		if t, ok := e.(Text); ok {
			b.WriteString(t.Text)
		}
	}
	return b.String()
}

func TestCompactRefuses(t *testing.T) {
	tests := []struct {
		name    string
		window  []llm.Message
		wantErr string
	}{
		{"nothing before the last turn", []llm.Message{system, user("q"), model("a")}, ErrNothingToCompact.Error()},
		{"a summary longer than what it replaces", []llm.Message{system, user("q"), model("a"), user("q2")}, ErrNoGain.Error()},
		{"a last turn with a call unanswered", []llm.Message{system, user(strings.Repeat("q", 900)), model("a"), user("q2"), asked("c1")},
			"the compacted conversation would be broken"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := New(llm.Mock{}, "scripted", tools.NewRegistry())
			a.messages = tt.window
			_, err := a.Compact(context.Background())
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("Compact error = %v, want one saying %q", err, tt.wantErr)
			}
			if len(a.messages) != len(tt.window) {
				t.Errorf("a refused compaction changed the conversation")
			}
		})
	}
}

// refusing is a model that refuses everything with err.
func refusing(err error) *llmtest.Script {
	return &llmtest.Script{Replies: []llmtest.Reply{{Refuse: err}}}
}

func TestCompactWhenTheModelFails(t *testing.T) {
	busy := &llm.APIError{Status: 503}
	a := New(refusing(busy), "m", tools.NewRegistry())
	window := []llm.Message{system, user(strings.Repeat("q", 900)), model("a"), user("q2")}
	a.messages = window
	if _, err := a.Compact(context.Background()); !errors.Is(err, busy) || !strings.HasPrefix(err.Error(), "ask for a summary: ") {
		t.Errorf("Compact error = %v, want the 503, after \"ask for a summary: \"", err)
	}
	if len(a.messages) != len(window) {
		t.Errorf("a failed compaction changed the conversation")
	}
}

// TestAutomaticCompaction: past three quarters of the budget, the next
// request compacts first, and the turn goes on.
func TestAutomaticCompaction(t *testing.T) {
	a := New(llm.Mock{}, "scripted", tools.NewRegistry())
	chatWith(a, "remember that tabs are 8 wide", "what can you do?")
	a.SetBudget(a.Context().Size() + 50) // the next message takes it past three quarters
	events := chatWith(a, "what did I ask you to remember?")
	var compacted []Compacted
	for _, e := range events {
		if c, ok := e.(Compacted); ok {
			compacted = append(compacted, c)
		}
	}
	if len(compacted) != 1 || compacted[0].Replaced != 4 {
		t.Fatalf("events %v, want one Compacted that replaced 4 messages", events)
	}
	if _, ok := events[0].(Compacted); !ok {
		t.Errorf("events %v: the compaction comes before the reply", events)
	}
	if text := texts(events); text != "You asked me to remember that tabs are 8 wide." {
		t.Errorf("the reply after compaction is %q", text)
	}
	if _, ok := events[len(events)-1].(TurnDone); !ok {
		t.Errorf("the turn ended %T, want TurnDone", events[len(events)-1])
	}
}

// TestOutOfRoom: a turn that does not fit even after compaction stops
// before its request, and leaves only the user's message behind.
func TestOutOfRoom(t *testing.T) {
	g := &llmtest.Script{Replies: llmtest.Replies(final)}
	a := New(g, "m", tools.NewRegistry())
	a.SetBudget(estimate(system) + 10)
	events := chatWith(a, strings.Repeat("a long paste ", 20))
	out, ok := events[len(events)-1].(OutOfRoom)
	if !ok || len(events) != 1 || out.Budget != a.Budget() || out.Size <= out.Budget {
		t.Fatalf("events %v, want only OutOfRoom, with a size over the budget", events)
	}
	if len(g.Requests()) != 0 || len(a.Messages()) != 2 {
		t.Errorf("%d requests sent and %d messages left, want none sent and the system prompt and the user's message", len(g.Requests()), len(a.Messages()))
	}
}

// noSleep is a Sleep for llm.Retrying that returns at once.
func noSleep(ctx context.Context, d time.Duration) error { return ctx.Err() }

// onceBusy is a model that is busy on its first request only.
func onceBusy() *llmtest.Script {
	return &llmtest.Script{Replies: []llmtest.Reply{{Refuse: &llm.APIError{Status: 503}}, {Pass: llm.Mock{}}}}
}

// TestRetryingIsAnEvent: the wait before a retry reaches the user as an
// event of the turn.
func TestRetryingIsAnEvent(t *testing.T) {
	g := &llm.Retrying{Gateway: onceBusy(), Schedule: llm.DefaultSchedule, Random: func() float64 { return 0.5 }, Sleep: noSleep}
	a := New(g, "scripted", tools.NewRegistry())
	events := chatWith(a, "hello")
	r, ok := events[0].(Retrying)
	if !ok || r.Attempt != 2 || r.Attempts != 5 || r.Wait != 500*time.Millisecond || r.Err == nil {
		t.Errorf("first event %#v, want Retrying before attempt 2 of 5, after 500ms, with the 503", events[0])
	}
	if _, ok := events[len(events)-1].(TurnDone); !ok {
		t.Errorf("the turn ended %T, want TurnDone", events[len(events)-1])
	}
}

// TestCutReplyShownOnce: a reply that breaks after its first words ends
// the turn with those words kept and the error reported once; it is not
// asked for again, so nothing is shown twice.
func TestCutReplyShownOnce(t *testing.T) {
	var requests atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		requests.Add(1)
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, "data: {\"choices\":[{\"delta\":{\"content\":\"Once upon\"}}]}\n\n")
	}))
	t.Cleanup(srv.Close)
	a := New(llm.NewRetrying(llm.NewOpenAI(srv.URL, "")), "m", tools.NewRegistry())
	events := chatWith(a, "tell me a story")
	want := []Event{Text{Text: "Once upon"}, Failed{Err: events[len(events)-1].(Failed).Err, Kept: true}}
	if len(events) != 2 || events[0] != want[0] || events[1] != want[1] || !errors.Is(want[1].(Failed).Err, llm.ErrStreamCut) {
		t.Errorf("events %v, want the text once and Failed with ErrStreamCut, kept", events)
	}
	if n := requests.Load(); n != 1 {
		t.Errorf("%d requests, want 1: a reply that broke part way is not asked for again", n)
	}
	if msgs := a.Messages(); !reflect.DeepEqual(msgs[len(msgs)-1], model("Once upon")) {
		t.Errorf("the conversation ends %+v, want the text that was shown", msgs[len(msgs)-1])
	}
}

// noSummaries refuses every request for a summary and answers every
// other from its Script. It stays a gateway of its own because which
// requests ask for a summary depends on the budget, not on their order.
type noSummaries struct {
	llmtest.Script
	summaries int
}

func (g *noSummaries) Stream(ctx context.Context, req llm.Request) (llm.Stream, error) {
	if req.Messages[0].Content == llm.SummaryPrompt {
		g.summaries++
		return nil, &llm.APIError{Status: 500}
	}
	return g.Script.Stream(ctx, req)
}

// TestCompactionFailsOnce: when the summary cannot be had, a long turn
// asks for it once, not in every round.
func TestCompactionFailsOnce(t *testing.T) {
	g := &noSummaries{Script: llmtest.Script{Replies: llmtest.Replies(final)}}
	a := New(g, "m", tools.NewRegistry(upper{}))
	chatWith(a, strings.Repeat("a long question ", 200))
	g.Replies = llmtest.Replies(callsUpper("1"), callsUpper("2"), callsUpper("3"), final)
	a.SetBudget(a.Context().Size() * 5 / 4) // past three quarters, with room for the turn
	events := chatWith(a, "go")
	failed := 0
	for _, e := range events {
		if _, ok := e.(CompactFailed); ok {
			failed++
		}
	}
	if g.summaries != 1 || failed != 1 {
		t.Errorf("%d summary requests and %d CompactFailed events in a turn of 4 requests, want 1 and 1", g.summaries, failed)
	}
	if _, ok := events[len(events)-1].(TurnDone); !ok {
		t.Errorf("the turn ended %T, want TurnDone: it still fits the budget", events[len(events)-1])
	}
}
