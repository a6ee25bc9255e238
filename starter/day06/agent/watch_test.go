package agent

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"testing"

	"ply/day06/approval"
	"ply/day06/llm"
	"ply/day06/llm/llmtest"
	"ply/day06/tools"
)

// heard is what a watcher heard, and the conversation it rebuilds from
// that alone: the messages Added, with each compaction applied as it came.
type heard struct {
	events []Event
	window []llm.Message
}

// listen makes w hear everything a reports.
func (w *heard) listen(a *Agent) {
	w.window = a.Messages()
	a.Watch(func(e Event) {
		w.events = append(w.events, e)
		switch e := e.(type) {
		case Added:
			w.window = append(w.window, e.Message)
		case Compacted:
			w.window = compact(w.window, e.Summary)
		}
	})
}

// TestWatchRebuildsTheConversation runs turns that end every way that
// changes the conversation, and checks that what the watcher heard, in
// the order it heard it, rebuilds the agent's conversation exactly: no
// change of it escapes the one path.
func TestWatchRebuildsTheConversation(t *testing.T) {
	tests := []struct {
		name        string
		compactions int // how many the watcher must hear of
		run         func(t *testing.T, a *Agent)
	}{
		{"turns with the Mock and a compaction", 1, func(t *testing.T, a *Agent) {
			chatWith(a, "remember that tabs are 8 wide", "what can you do?", "hello")
			if _, err := a.Compact(context.Background()); err != nil {
				t.Fatal(err)
			}
			chatWith(a, "what did I ask you to remember?")
		}},
		{"an automatic compaction in a turn", 1, func(t *testing.T, a *Agent) {
			chatWith(a, "remember that tabs are 8 wide", "what can you do?")
			a.SetBudget(a.Context().Size())
			chatWith(a, "hello")
		}},
		{"a turn that failed after a round of tools", 0, func(t *testing.T, a *Agent) {
			a.gateway = &llmtest.Script{Replies: append(llmtest.Replies(callsUpper("a", "b")), llmtest.Reply{Refuse: errors.New("502 Bad Gateway")})}
			send(context.Background(), a, "go")
		}},
		{"a turn cancelled while its tools ran", 0, func(t *testing.T, a *Agent) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			a.tools = tools.NewRegistry(upper{cancel: cancel})
			a.gateway = &llmtest.Script{Replies: llmtest.Replies(callsUpper("a", "stop", "c"), final)}
			send(ctx, a, "go")
		}},
		{"a turn at the round limit", 0, func(t *testing.T, a *Agent) {
			var rounds [][]llm.StreamDelta // a call of its own each round: none is a repeat
			for i := range MaxRounds + 1 {
				rounds = append(rounds, callsUpper(fmt.Sprint("round ", i)))
			}
			a.gateway = &llmtest.Script{Replies: llmtest.Replies(rounds...)}
			if _, ok := ending(t, send(context.Background(), a, "go")).(RoundLimit); !ok {
				t.Fatal("the turn did not end at the round limit: the case tries nothing")
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := New(llm.Mock{}, "scripted", tools.NewRegistry(upper{}))
			var w heard
			w.listen(a)
			tt.run(t, a)
			if live := a.Messages(); !reflect.DeepEqual(w.window, live) {
				t.Errorf("what the watcher heard rebuilds\n %v\nwant the agent's conversation\n %v", w.window, live)
			}
			if n := len(slices.DeleteFunc(w.events, func(e Event) bool { _, ok := e.(Compacted); return !ok })); n != tt.compactions {
				t.Errorf("the watcher heard of %d compactions, want %d: each one once", n, tt.compactions)
			}
		})
	}
}

// kinds names the events a watcher heard, but for a turn's text and
// progress, as "Added:user", "ToolEnd:c0", "GrantsChanged:1".
func kinds(events []Event) []string {
	var out []string
	for _, e := range events {
		switch e := e.(type) {
		case Added:
			out = append(out, "Added:"+e.Message.Role)
		case ToolEnd:
			out = append(out, "ToolEnd:"+e.ID)
		case GrantsChanged:
			out = append(out, fmt.Sprintf("GrantsChanged:%d", len(e.Grants)))
		case Text, ToolStart, ToolProgress:
		default:
			out = append(out, fmt.Sprintf("%T", e)[len("agent."):])
		}
	}
	return out
}

// TestWatchHearsInOrder checks the order a watcher hears a turn in: an
// "always" answer is heard before the call's end, the call's end before
// its result, and the turn's end, with its cost, last; a /revoke after
// the turn is heard too.
func TestWatchHearsInOrder(t *testing.T) {
	g := &llmtest.Script{Replies: llmtest.Replies(calls("write_file", `{"path":"calc.go","content":"x"}`), final)}
	a, _, _ := guarded(g, &asker{answer: approval.Answer{Reply: approval.Always}})
	var w heard
	w.listen(a)
	send(context.Background(), a, "go")
	a.Grants().RevokeAll()
	want := []string{
		"Added:user", "Added:assistant", "GrantsChanged:1", "ToolEnd:c0", "Added:tool",
		"Added:assistant", "TurnDone", "GrantsChanged:0",
	}
	if got := kinds(w.events); !slices.Equal(got, want) {
		t.Errorf("the watcher heard %q\nwant %q", got, want)
	}
}

// TestWatchHearsAnEndForEveryCall checks that every call of the
// conversation has its ToolEnd, which says how the call ended: the ones
// that never ran too.
func TestWatchHearsAnEndForEveryCall(t *testing.T) {
	ran, cut, skipped := "ran", "cancelled while it ran", "not run"
	tests := []struct {
		name  string
		reply []llm.StreamDelta
		stop  bool     // the call "stop" presses Ctrl-C
		want  []string // how each call ended, in order
	}{
		{"a cancel while the second of three ran", callsUpper("a", "stop", "c"), true, []string{ran, cut, skipped + ", cancelled"}},
		{"the same call again and again", callsUpper("again"), false, []string{ran, ran, skipped}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			u := upper{}
			if tt.stop {
				u.cancel = cancel
			}
			a := New(&llmtest.Script{Replies: llmtest.Replies(tt.reply)}, "m", tools.NewRegistry(u))
			var w heard
			w.listen(a)
			send(ctx, a, "go")
			var got, results []string
			for _, e := range w.events {
				end, ok := e.(ToolEnd)
				switch {
				case !ok:
				case end.Skipped && end.Cancelled:
					got = append(got, skipped+", cancelled")
				case end.Skipped:
					got = append(got, skipped)
				case end.Cancelled:
					got = append(got, cut)
				default:
					got = append(got, ran)
				}
			}
			for _, m := range a.Messages() {
				if m.Role == llm.RoleTool {
					results = append(results, m.ToolCallID)
				}
			}
			if !slices.Equal(got, tt.want) || len(results) != len(tt.want) {
				t.Errorf("the watcher heard the calls end %q, want %q: one end for each of the %d results", got, tt.want, len(results))
			}
		})
	}
}
