package session

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"ply/day07/llm"
)

func TestForkPoints(t *testing.T) {
	_, l, _ := damagedLog(t)
	r, err := Store{Dir: filepath.Dir(l.Path())}.Open(l.ID())
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	got := ForkPoints(r)
	want := []ForkPoint{
		{3, llm.RoleUser, "what does calc.go do"},
		{7, llm.RoleAssistant, "It divides."},
		{9, llm.RoleUser, "run the tests"},
		{13, llm.RoleAssistant, "TestDivide fails: é, 日本, 🙂"},
	}
	if !reflect.DeepEqual(got, want) || r.Err() != nil {
		t.Errorf("ForkPoints = %+v, %v; want %+v: user messages and answers without tool calls", got, r.Err(), want)
	}
}

func TestIsForkPoint(t *testing.T) {
	for _, tt := range []struct {
		d    Data
		want bool
	}{
		{user("hi"), true},
		{answer("hello"), true},
		{calls("c1"), false},
		{Message{Message: llm.Message{Role: llm.RoleAssistant, Content: "let me look", ToolCalls: calls("c1").Message.ToolCalls}}, false},
		{result("c1", "x"), false},
		{System{Content: "prompt"}, false},
		{Usage{}, false},
	} {
		if got := IsForkPoint(Event{Seq: 5, Data: tt.d}); got != tt.want {
			t.Errorf("IsForkPoint(%s) = %v, want %v", Describe(Event{Seq: 5, Data: tt.d}), got, tt.want)
		}
	}
}

func TestForkCopiesThePrefixAndLeavesTheParent(t *testing.T) {
	for _, at := range []int64{3, 7, 9, 13} {
		s, l, full := damagedLog(t)
		child, rp, err := s.Fork(l.ID(), at, testOptions)
		if err != nil {
			t.Fatalf("Fork at %d: %v (see exercise 4)", at, err)
		}
		child.Close()
		sameFile(t, l.Path(), full)
		end := lineStart(full, int(at)+1)
		data := readFile(t, child.Path())
		if !bytes.Equal(data[:end], full[:end]) {
			t.Fatalf("Fork at %d: the child's first %d bytes differ from the parent's at byte %d (see exercise 4)", at, end, firstDiff(data, full))
		}
		evs := events(t, child.Path())
		fork, ok := evs[at].Data.(Fork)
		if !ok || evs[at].Seq != at+1 || fork.From != l.ID() || fork.AtSeq != at {
			t.Fatalf("Fork at %d: event after the copy is %+v, want a fork event from %s at %d with seq %d (see exercise 4)", at, evs[at], l.ID(), at, at+1)
		}
		if child.ID() == l.ID() || len(evs) != int(at)+3 {
			t.Errorf("Fork at %d: child %s with %d events; want a new session with the copy, the fork, the prompt and the note", at, child.ID(), len(evs))
		}
		callsAnswered(t, rp.Window)
		if got := rp.Window[len(rp.Window)-2]; !IsForkPoint(Event{Data: Message{Message: got}}) {
			t.Errorf("Fork at %d: the child's window ends %+v before the note, want the fork point's message", at, got)
		}
	}
}

func TestForkWindowEqualsTheParentsThere(t *testing.T) {
	s := newTestStore(t)
	a := newLive(t, create(t, s))
	a.turn("what does calc.go do", 1)
	a.compact("calc.go divides")
	a.turn("run the tests", 2)
	at := a.log.LastSeq() - 1 // the answer, before its usage event
	want := append([]llm.Message{}, a.window...)
	a.turn("fix it", 1)
	a.log.Close()
	child, rp, err := s.Fork(a.log.ID(), at, testOptions)
	if err != nil {
		t.Fatal(err)
	}
	sameWindow(t, rp.Window[:len(rp.Window)-1], want)

	// And the fork's own log rebuilds the window the fork started with.
	child.Close()
	again, rp2, err := s.Resume(child.ID(), testOptions)
	if err != nil {
		t.Fatalf("Resume of the fork: %v", err)
	}
	defer again.Close()
	sameWindow(t, withoutNote(t, rp2.Window), rp.Window)
}

func TestForkRefuses(t *testing.T) {
	tests := []struct {
		name string
		at   int64
		want error
	}{
		{"after an assistant message with calls", 4, ErrNoForkPoint},
		{"after a tool message", 6, ErrNoForkPoint},
		{"after a usage event", 8, ErrNoForkPoint},
		{"past the end", 99, ErrNoForkPoint},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, l, full := damagedLog(t)
			_, _, err := s.Fork(l.ID(), tt.at, testOptions)
			if !errors.Is(err, tt.want) {
				t.Errorf("Fork at %d = %v, want %v", tt.at, err, tt.want)
			}
			sameFile(t, l.Path(), full)
			if logs, _ := filepath.Glob(filepath.Join(s.Dir, "*.jsonl")); len(logs) != 1 {
				t.Errorf("a refused fork left logs behind: %v", logs)
			}
		})
	}
	s := newTestStore(t)
	if _, _, err := s.Fork("../x", 3, testOptions); !errors.Is(err, ErrBadID) {
		t.Errorf("Fork of ../x = %v, want ErrBadID", err)
	}
}

func TestForkFromTheLastCleanPointOfADamagedLog(t *testing.T) {
	s, l, full := damagedLog(t)
	data := bytes.Clone(full)
	data[lineStart(data, 10)] = 'x'
	writeFile(t, l.Path(), data)
	_, _, err := s.Resume(l.ID(), testOptions)
	var damaged *DamagedError
	if !errors.As(err, &damaged) {
		t.Fatalf("Resume = %v, want a *DamagedError", err)
	}
	child, _, err := s.Fork(l.ID(), damaged.ForkAt, testOptions)
	if err != nil {
		t.Fatalf("Fork at the fork point the refusal gave, %d: %v", damaged.ForkAt, err)
	}
	child.Close()
	sameFile(t, l.Path(), data)
	if n := len(events(t, child.Path())); n != 12 {
		t.Errorf("the child holds %d events, want 12: lines 1-9, the fork, the prompt and the note", n)
	}
}

func TestForkOfASessionInUse(t *testing.T) {
	s := newTestStore(t)
	l := create(t, s)
	defer l.Close()
	mustAppend(t, l, user("hello"))
	child, _, err := s.Fork(l.ID(), 3, testOptions)
	if err != nil {
		t.Fatalf("Fork of a session another ply holds: %v; the parent is only read", err)
	}
	child.Close()
	mustAppend(t, l, answer("the parent carries on"))
}

func TestForkKeepsBlankLines(t *testing.T) {
	s := newTestStore(t)
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		t.Fatal(err)
	}
	id := "s-20260907-100000-k3x9"
	data := []byte(metaLine() + "\n" + msgLine(2, "user", "hi") + "\n\n" + msgLine(3, "assistant", "hello") + msgLine(4, "user", "more"))
	writeFile(t, s.logPath(id), data)
	child, _, err := s.Fork(id, 3, testOptions)
	if err != nil {
		t.Fatal(err)
	}
	child.Close()
	end := bytes.Index(data, []byte(`{"seq":4`))
	if got := readFile(t, child.Path()); !bytes.Equal(got[:end], data[:end]) {
		t.Errorf("the child's prefix differs from the parent's at byte %d: blank lines are bytes too", firstDiff(got, data))
	}
	if evs := events(t, child.Path()); evs[3].Seq != 4 {
		t.Errorf("the event after the copy has seq %d, want 4", evs[3].Seq)
	}
}
