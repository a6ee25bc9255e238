package session

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"ply/day07/agent"
	"ply/day07/llm"
	"ply/day07/llm/llmtest"
	"ply/day07/tools"
)

// readsCalc is the read_file the Mock calls when asked what calc.go does:
// it answers every call with the same text and reads nothing. With cancel
// set, it presses Ctrl-C first.
type readsCalc struct{ cancel context.CancelFunc }

func (readsCalc) Name() string            { return "read_file" }
func (readsCalc) Description() string     { return "reads" }
func (readsCalc) Schema() json.RawMessage { return json.RawMessage(`{"type":"object"}`) }
func (readsCalc) Args() any               { return new(map[string]any) }
func (readsCalc) ReadOnly() bool          { return true }
func (r readsCalc) Run(context.Context, json.RawMessage) (string, error) {
	if r.cancel != nil {
		r.cancel()
	}
	return "package calc\n\nfunc Div(a, b int) int { return a / b }\n", nil
}

// recorded returns an agent with the Mock whose conversation a Recorder
// keeps in a new session of a temporary store.
func recorded(t *testing.T) (*agent.Agent, *Recorder) {
	t.Helper()
	a := agent.New(llm.Mock{}, "scripted", tools.NewRegistry(readsCalc{}))
	rec := NewRecorder(newTestStore(t), a, "/home/ann/calc")
	if err := rec.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { rec.Close() })
	return a, rec
}

// say runs one turn of a for each text.
func say(ctx context.Context, a *agent.Agent, texts ...string) {
	for _, text := range texts {
		a.Send(ctx, text, func(agent.Event) {})
	}
}

// resumed resumes rec's session in another Recorder, as another process
// would, and returns the window it rebuilt, without the reopen note.
func resumed(t *testing.T, rec *Recorder) []llm.Message {
	t.Helper()
	id := rec.ID()
	if err := rec.Close(); err != nil {
		t.Fatal(err)
	}
	other := NewRecorder(rec.Store(), agent.New(llm.Mock{}, "scripted", tools.NewRegistry()), rec.Cwd())
	rp, err := other.Resume(id)
	if err != nil {
		t.Fatalf("Resume: %v", err)
	}
	other.Close()
	return withoutNote(t, rp.Window)
}

// TestRecorderRebuildsTheLiveWindow runs turns that change the
// conversation in each way the agent reports, and checks that another
// process rebuilds from the log exactly the window the agent had.
func TestRecorderRebuildsTheLiveWindow(t *testing.T) {
	tests := []struct {
		name string
		run  func(t *testing.T, a *agent.Agent)
	}{
		{"turns with tools and a compaction", func(t *testing.T, a *agent.Agent) {
			say(context.Background(), a, "what does calc.go do?", "remember that tabs are 8 wide", "hello")
			if _, err := a.Compact(context.Background()); err != nil {
				t.Fatal(err)
			}
			say(context.Background(), a, "what did I ask you to remember?")
		}},
		{"a turn cancelled before it began", func(t *testing.T, a *agent.Agent) {
			ctx, cancel := context.WithCancel(context.Background())
			cancel()
			say(ctx, a, "what does calc.go do?")
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, rec := recorded(t)
			tt.run(t, a)
			if err := rec.Err(); err != nil {
				t.Fatalf("the log stopped: %v", err)
			}
			live := a.Messages()
			sameWindow(t, resumed(t, rec), live)
		})
	}
}

// TestRecorderLogsEveryChangeOfGrants checks that a change of the
// "always" answers is logged however it happens, once, and that a resumed
// session has them back.
func TestRecorderLogsEveryChangeOfGrants(t *testing.T) {
	a, rec := recorded(t)
	a.Grants().Add("run_command: go test ./...")
	a.Grants().Add("run_command: go test ./...") // no change: nothing more is logged
	a.Grants().Add("edit_file: calc.go")
	a.Grants().Revoke("edit_file: calc.go")
	path := logOf(t, rec.Store(), rec.ID())
	var logged [][]string
	for _, ev := range events(t, path) {
		if g, ok := ev.Data.(Grants); ok {
			logged = append(logged, g.Grants)
		}
	}
	want := [][]string{{"run_command: go test ./..."}, {"edit_file: calc.go", "run_command: go test ./..."}, {"run_command: go test ./..."}}
	if !reflect.DeepEqual(logged, want) {
		t.Errorf("the log holds the grants events %q, want %q: one for each change", logged, want)
	}
	id := rec.ID()
	rec.Close()
	b := agent.New(llm.Mock{}, "scripted", tools.NewRegistry())
	if _, err := NewRecorder(rec.Store(), b, rec.Cwd()).Resume(id); err != nil {
		t.Fatal(err)
	}
	if got := b.Grants().List(); !slices.Equal(got, []string{"run_command: go test ./..."}) {
		t.Errorf("the resumed agent's grants are %v, want the logged one", got)
	}
}

// TestRecorderRestoresWithoutLoggingAgain checks that a resume and a fork
// give the agent the session's grants without logging them a second time,
// and that the next change of them is logged as ever.
func TestRecorderRestoresWithoutLoggingAgain(t *testing.T) {
	a, rec := recorded(t)
	a.Grants().Add("run_command: go test ./...")
	say(context.Background(), a, "hello")
	id := rec.ID()
	rec.Close()
	grantsIn := func(path string) int {
		n := 0
		for _, ev := range events(t, path) {
			if _, ok := ev.Data.(Grants); ok {
				n++
			}
		}
		return n
	}
	for _, open := range []func(*Recorder) (*Replay, error){
		func(r *Recorder) (*Replay, error) { return r.Resume(id) },
		func(r *Recorder) (*Replay, error) { return r.Fork(id, 5) },
	} {
		b := agent.New(llm.Mock{}, "scripted", tools.NewRegistry())
		r := NewRecorder(rec.Store(), b, rec.Cwd())
		if _, err := open(r); err != nil {
			t.Fatal(err)
		}
		path := logOf(t, r.Store(), r.ID())
		if n := grantsIn(path); n != 1 || !slices.Equal(b.Grants().List(), []string{"run_command: go test ./..."}) {
			t.Errorf("after %s, the log holds %d grants events and the agent %v; want the one logged before, given back and not logged again (see restore)",
				r.ID(), n, b.Grants().List())
		}
		b.Grants().Add("edit_file: calc.go")
		if n := grantsIn(path); n != 2 {
			t.Errorf("a change of the grants after the restore: the log holds %d grants events, want 2", n)
		}
		r.Close()
	}
}

// TestRecorderClearKeepsTheGrants checks that /clear's new session starts
// with the grants the old one had, and writes nothing more to the old one.
func TestRecorderClearKeepsTheGrants(t *testing.T) {
	a, rec := recorded(t)
	a.Grants().Add("run_command: go test ./...")
	say(context.Background(), a, "hello")
	old := logOf(t, rec.Store(), rec.ID())
	before := readFile(t, old)
	if err := rec.Clear(); err != nil {
		t.Fatal(err)
	}
	say(context.Background(), a, "hello again")
	sameFile(t, old, before)
	types := []string{}
	for _, ev := range events(t, logOf(t, rec.Store(), rec.ID())) {
		types = append(types, ev.Data.Type())
	}
	if want := []string{"meta", "system", "grants", "message", "message", "usage"}; !slices.Equal(types, want) {
		t.Errorf("the new session's log holds %v, want %v", types, want)
	}
}

// TestRecorderSwitchThatFailsChangesNothing tries each way to open
// another log where it cannot be opened, and checks that the agent's
// conversation, the log in use and what is written to it stay as they
// were.
func TestRecorderSwitchThatFailsChangesNothing(t *testing.T) {
	tests := []struct {
		name string
		open func(t *testing.T, rec *Recorder) error
		want error // what the error must wrap; nil for any
	}{
		{"clear, with a file where the folder was", func(t *testing.T, rec *Recorder) error {
			dir := rec.store.Dir
			if err := os.Rename(dir, dir+".away"); err != nil {
				return err
			}
			if err := os.WriteFile(dir, nil, 0o600); err != nil {
				return err
			}
			err := rec.Clear()
			// The folder back as it was, for the checks below.
			if err := errors.Join(os.Remove(dir), os.Rename(dir+".away", dir)); err != nil {
				t.Fatal(err)
			}
			return err
		}, nil},
		{"resume of no such session", func(t *testing.T, rec *Recorder) error {
			_, err := rec.Resume("s-20260907-100000-zzzz")
			return err
		}, ErrNoSession},
		{"resume of the session in use", func(t *testing.T, rec *Recorder) error {
			_, err := rec.Resume(rec.ID())
			return err
		}, ErrLocked},
		{"fork inside a tool round", func(t *testing.T, rec *Recorder) error {
			_, err := rec.Fork(rec.ID(), 4)
			return err
		}, ErrNoForkPoint},
		{"resume of a session whose log is a link", func(t *testing.T, rec *Recorder) error {
			link(t, logOf(t, rec.store, rec.ID()), rec.store.logPath("s-20260907-100000-link"))
			_, err := rec.Resume("s-20260907-100000-link")
			return err
		}, ErrLink},
		{"clear, with the folder of new logs a link", func(t *testing.T, rec *Recorder) error {
			if err := os.Remove(rec.store.newDir()); err != nil {
				t.Fatal(err)
			}
			link(t, t.TempDir(), rec.store.newDir())
			err := rec.Clear()
			if err := os.Remove(rec.store.newDir()); err != nil {
				t.Fatal(err)
			}
			return err
		}, ErrLink},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a, rec := recorded(t)
			say(context.Background(), a, "what does calc.go do?")
			id, window := rec.ID(), a.Messages()
			err := tt.open(t, rec)
			if err == nil || (tt.want != nil && !errors.Is(err, tt.want)) {
				t.Fatalf("the switch gave %v, want an error wrapping %v", err, tt.want)
			}
			if rec.ID() != id || !reflect.DeepEqual(a.Messages(), window) {
				t.Fatalf("after a switch that failed the session is %s and the conversation %v; want %s and %v", rec.ID(), a.Messages(), id, window)
			}
			path := logOf(t, rec.store, id)
			n := len(events(t, path))
			say(context.Background(), a, "hello")
			if got := len(events(t, path)); got != n+3 {
				t.Errorf("a turn after the failed switch added %d events to the log in use, want 3", got-n)
			}
		})
	}
}

func TestToolEndOutcome(t *testing.T) {
	tests := []struct {
		name string
		end  agent.ToolEnd
		want string
	}{
		{"it ran", agent.ToolEnd{}, OutcomeOK},
		{"it failed", agent.ToolEnd{Err: errors.New("no such file")}, OutcomeError},
		{"the gate refused it", agent.ToolEnd{Denied: true, Err: errors.New("denied")}, OutcomeDenied},
		{"a cancel while it ran", agent.ToolEnd{Cancelled: true}, OutcomeCancelled},
		{"a cancel before it ran", agent.ToolEnd{Skipped: true, Cancelled: true, Err: errors.New("not run")}, OutcomeCancelled},
		{"the loop stopped first", agent.ToolEnd{Skipped: true, Err: errors.New("not run")}, OutcomeLoopStopped},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := toolEnd(tt.end).Outcome; got != tt.want {
				t.Errorf("the tool_end of %+v has the outcome %q, want %q", tt.end, got, tt.want)
			}
		})
	}
}

// TestRecorderLogsACancelledCall presses Ctrl-C while a call runs, and
// checks that its tool_end says so, before its result.
func TestRecorderLogsACancelledCall(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	a := agent.New(llm.Mock{}, "scripted", tools.NewRegistry(readsCalc{cancel: cancel}))
	rec := NewRecorder(newTestStore(t), a, "/home/ann/calc")
	if err := rec.Start(); err != nil {
		t.Fatal(err)
	}
	defer rec.Close()
	say(ctx, a, "what does calc.go do?")
	var got []string
	for _, ev := range events(t, logOf(t, rec.Store(), rec.ID())) {
		switch d := ev.Data.(type) {
		case ToolEnd:
			got = append(got, "tool_end "+d.Outcome)
		case Message:
			got = append(got, d.Message.Role)
		}
	}
	if want := []string{"user", "assistant", "tool_end cancelled", "tool"}; !slices.Equal(got, want) {
		t.Errorf("the log holds %q, want %q", got, want)
	}
}

// TestTheLogIsABeginningOfTheConversation has the model answer with a
// tool call, and with a text, longer than a log line may be. However the
// window keeps such a reply, the log never misses an event in its
// middle: another process rebuilds from it a window the model had, the
// last or an earlier one, well formed, with no result whose call is not
// before it; and when it is an earlier one, the user was told that the
// log stopped short.
func TestTheLogIsABeginningOfTheConversation(t *testing.T) {
	huge := strings.Repeat("x", MaxLine+1)
	answer := []llm.StreamDelta{{Text: "done"}, {Finish: "stop"}}
	tests := []struct {
		name    string
		replies [][]llm.StreamDelta
	}{
		{"a call longer than a line", [][]llm.StreamDelta{{
			{ToolCalls: []llm.ToolCallDelta{{Index: 0, ID: "c1", Name: "read_file", Arguments: `{"path":"` + huge + `"}`}}},
			{Finish: "tool_calls"},
		}, answer}},
		{"a text longer than a line", [][]llm.StreamDelta{{{Text: huge}, {Finish: "stop"}}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := agent.New(&llmtest.Script{Replies: llmtest.Replies(tt.replies...)}, "scripted", tools.NewRegistry(readsCalc{}))
			rec := NewRecorder(newTestStore(t), a, "/home/ann/calc")
			var had [][]llm.Message // every window the agent had, change by change
			a.Watch(func(e agent.Event) {
				rec.record(e)
				had = append(had, slices.Clone(a.Messages()))
			})
			if err := rec.Start(); err != nil {
				t.Fatal(err)
			}
			say(context.Background(), a, "read it", "and now?")
			live, logged := a.Messages(), rec.Err()
			got := resumed(t, rec)
			if err := agent.WellFormed(got); err != nil {
				t.Errorf("the rebuilt window is not one a server takes: %v", err)
			}
			if !slices.ContainsFunc(had, func(w []llm.Message) bool { return reflect.DeepEqual(w, got) }) {
				t.Errorf("the rebuilt window (%d messages) is none the model had", len(got))
			}
			if !reflect.DeepEqual(got, live) && logged == nil {
				t.Errorf("the log holds an earlier window than the last, and the user was not told")
			}
		})
	}
}
