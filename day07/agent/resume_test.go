package agent

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"ply/day07/llm"
	"ply/day07/session"
	"ply/day07/tools"
)

// recorded returns an agent on gateway whose every event goes to a new
// session in a temporary store, and the store.
func recorded(t *testing.T, gateway llm.Gateway, registry *tools.Registry) (*Agent, session.Store) {
	t.Helper()
	store := session.Store{Dir: t.TempDir()}
	l, err := store.Create(session.Meta{Model: "m", Cwd: "/p", Agent: "ply test"}, SystemPrompt)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	a := New(gateway, "m", registry)
	a.Record(l, nil)
	return a, store
}

// replayed resumes a's session in the store, as another process would,
// and returns the window it rebuilt, without the reopen note.
func replayed(t *testing.T, a *Agent, store session.Store) []llm.Message {
	t.Helper()
	if err := a.Log().Close(); err != nil {
		t.Fatal(err)
	}
	l, rp, err := store.Resume(a.Log().ID(), Rebuild("/p"))
	if err != nil {
		t.Fatalf("Resume: %v", err)
	}
	l.Close()
	return rp.Window[:len(rp.Window)-1]
}

// TestTheLogRebuildsTheLiveWindow runs turns that end every way that
// changes the conversation, and checks that another process rebuilds
// from the log exactly the window the agent had: the log and the window
// change together, through add.
func TestTheLogRebuildsTheLiveWindow(t *testing.T) {
	tests := []struct {
		name string
		run  func(a *Agent)
	}{
		{"turns with the Mock and a compaction", func(a *Agent) {
			chatWith(a, "remember that tabs are 8 wide", "what can you do?", "hello")
			if _, err := a.Compact(context.Background()); err != nil {
				t.Fatal(err)
			}
			chatWith(a, "what did I ask you to remember?")
		}},
		{"a turn that failed after a round of tools", func(a *Agent) {
			a.gateway = &script{replies: [][]llm.StreamDelta{callsUpper("a", "b"), nil}, refuse: errors.New("502 Bad Gateway")}
			send(context.Background(), a, "go")
		}},
		{"a turn cancelled before it began", func(a *Agent) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			send(ctx, a, "go")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, store := recorded(t, llm.Mock{}, tools.NewRegistry(upper{}))
			tt.run(a)
			if err := a.LogErr(); err != nil {
				t.Fatalf("the log stopped: %v", err)
			}
			live := a.Messages()
			if got := replayed(t, a, store); !reflect.DeepEqual(got, live) {
				t.Errorf("the replayed window differs from the live one:\n got %v\nwant %v", got, live)
			}
		})
	}
}

// TestGrantsAreLoggedWhenTheyChange checks that a change of the "always"
// answers is logged, once, and that a resumed session has them back.
func TestGrantsAreLoggedWhenTheyChange(t *testing.T) {
	a, store := recorded(t, llm.Mock{}, tools.NewRegistry())
	a.Grants().Add("run_command: go test ./...")
	a.RecordGrants()
	a.RecordGrants() // no change: nothing more is logged
	want := a.Log().LastSeq()
	if want != 3 {
		t.Errorf("after one change of grants the log's last seq is %d, want 3 (meta, system, grants)", want)
	}
	if err := a.Log().Close(); err != nil {
		t.Fatal(err)
	}
	l, rp, err := store.Resume(a.Log().ID(), Rebuild("/p"))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	b := New(llm.Mock{}, "m", tools.NewRegistry())
	b.Restore(rp)
	if got := b.Grants().List(); !reflect.DeepEqual(got, []string{"run_command: go test ./..."}) {
		t.Errorf("the resumed agent's grants are %v, want the logged one", got)
	}
}

// TestContinueFinishesAnInterruptedTurn checks that Continue sends a
// conversation that ends in the user's message, and refuses one that
// has its answer.
func TestContinueFinishesAnInterruptedTurn(t *testing.T) {
	a := New(llm.Mock{}, "m", tools.NewRegistry())
	if a.Continue(context.Background(), func(Event) {}) {
		t.Error("Continue ran on a conversation with only the system prompt")
	}
	a.messages = append(a.messages, llm.Message{Role: llm.RoleUser, Content: "hello"})
	if !a.Waiting() || !a.Continue(context.Background(), func(Event) {}) {
		t.Fatal("Continue refused a conversation that ends in the user's message")
	}
	msgs := a.Messages()
	if last := msgs[len(msgs)-1]; last.Role != llm.RoleAssistant || len(msgs) != 3 {
		t.Errorf("after Continue the conversation is %v, want the Mock's answer after the user's message, and no new message from the user", msgs)
	}
	if a.Waiting() || a.Continue(context.Background(), func(Event) {}) {
		t.Error("Continue ran again on a turn that has its answer")
	}
}
