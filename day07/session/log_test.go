package session

import (
	"errors"
	"io/fs"
	"os"
	"runtime"
	"strings"
	"testing"

	"ply/day07/llm"
)

func TestCreate(t *testing.T) {
	s := newTestStore(t)
	l := create(t, s)
	defer l.Close()
	if err := CheckID(l.ID()); err != nil {
		t.Errorf("the new session's id: %v", err)
	}
	if runtime.GOOS != "windows" {
		for path, want := range map[string]fs.FileMode{s.Dir: 0o700, l.Path(): 0o600} {
			if info, err := os.Stat(path); err != nil || info.Mode().Perm() != want {
				t.Errorf("%s has mode %v, %v; want %v: a session is nobody else's business", path, info.Mode().Perm(), err, want)
			}
		}
	}
	evs := events(t, l.Path())
	meta, ok := evs[0].Data.(Meta)
	if len(evs) != 2 || !ok || meta.V != Version || meta.ID != l.ID() || meta.Cwd != "/home/ann/calc" {
		t.Fatalf("a new log holds %+v; want the meta line, with version and id, and the system prompt", evs)
	}
	if sys, ok := evs[1].Data.(System); !ok || sys.Content != testSystem {
		t.Errorf("second event = %+v, want the system prompt", evs[1])
	}
}

func TestAppendNumbersEvents(t *testing.T) {
	l := create(t, newTestStore(t))
	defer l.Close()
	for _, d := range []Data{user("hi"), calls("call_1"), ToolEnd{ID: "call_1", Outcome: OutcomeOK}, result("call_1", "ok"), answer("done")} {
		mustAppend(t, l, d)
	}
	got := seqs(events(t, l.Path()))
	if want := []int64{1, 2, 3, 4, 5, 6, 7}; !equalSeqs(got, want) || l.LastSeq() != 7 {
		t.Errorf("seqs = %v, LastSeq = %d; want %v: contiguous from 1", got, l.LastSeq(), want)
	}
}

func TestAppendWritesOneLinePerEvent(t *testing.T) {
	l := create(t, newTestStore(t))
	defer l.Close()
	before := len(readFile(t, l.Path()))
	ev := mustAppend(t, l, user("two\nlines and a \"quote\""))
	data := readFile(t, l.Path())[before:]
	if strings.Count(string(data), "\n") != 1 || !strings.HasSuffix(string(data), "\n") {
		t.Errorf("Append wrote %q; want one line ending in \\n", data)
	}
	if got, err := decode(data[:len(data)-1]); err != nil || got.Seq != ev.Seq || got.Time != ev.Time {
		t.Errorf("the line reads back as %+v, %v; want the event Append returned, %+v", got, err, ev)
	}
}

func TestAppendRefusesTooLongWritingNothing(t *testing.T) {
	l := create(t, newTestStore(t))
	defer l.Close()
	before := readFile(t, l.Path())
	_, err := l.Append(user(strings.Repeat("x", MaxLine)))
	if !errors.Is(err, ErrTooLong) {
		t.Fatalf("Append of a line over MaxLine: %v, want ErrTooLong", err)
	}
	sameFile(t, l.Path(), before)
	if _, err := l.Append(user("short")); !errors.Is(err, ErrTooLong) {
		t.Errorf("the next Append = %v, want %v again: nothing may follow an event the log does not hold", err, ErrTooLong)
	}
	sameFile(t, l.Path(), before)
}

func TestAppendStopsAfterAFailedWrite(t *testing.T) {
	l := create(t, newTestStore(t))
	defer l.Close()
	l.f.Close() // the disk is gone, as far as the log can tell
	_, first := l.Append(user("lost"))
	_, second := l.Append(user("lost too"))
	if first == nil || second == nil || first.Error() != second.Error() {
		t.Errorf("Append after a failed write = %v, then %v; want the first error, twice", first, second)
	}
	if l.LastSeq() != 2 {
		t.Errorf("LastSeq() = %d after failed writes, want 2", l.LastSeq())
	}
}

func TestAppendAfterClosePanics(t *testing.T) {
	l := create(t, newTestStore(t))
	l.Close()
	defer func() {
		if recover() == nil {
			t.Error("Append after Close did not panic")
		}
	}()
	l.Append(user("too late"))
}

func TestAddUsageKeepsARunningTotal(t *testing.T) {
	l := create(t, newTestStore(t))
	defer l.Close()
	for _, u := range []llm.Usage{{Input: 100, Output: 10}, {Input: 150, Output: 20}, {Input: 0, Output: 0}} {
		if err := l.AddUsage(u); err != nil {
			t.Fatal(err)
		}
	}
	var totals []Usage
	for _, ev := range events(t, l.Path()) {
		if u, ok := ev.Data.(Usage); ok {
			totals = append(totals, u)
		}
	}
	want := []Usage{{100, 10, 110}, {250, 30, 280}, {250, 30, 280}}
	if len(totals) != len(want) || totals[0] != want[0] || totals[1] != want[1] || totals[2] != want[2] {
		t.Errorf("usage events = %+v, want the running totals %+v (see exercise 1)", totals, want)
	}
}

func TestAddUsageKeepsTheTotalWhenTheAppendFails(t *testing.T) {
	l := create(t, newTestStore(t))
	defer l.Close()
	if err := l.AddUsage(llm.Usage{Input: 5, Output: 1}); err != nil {
		t.Fatal(err)
	}
	l.f.Close()
	if err := l.AddUsage(llm.Usage{Input: 1000, Output: 1000}); err == nil {
		t.Fatal("AddUsage on a closed file: no error")
	}
	if want := (Usage{5, 1, 6}); l.usage != want {
		t.Errorf("total after a failed append = %+v, want %+v: the log never recorded the rest (see exercise 1)", l.usage, want)
	}
}

func TestSyncWritesToo(t *testing.T) {
	s := newTestStore(t)
	s.Sync = true
	l := create(t, s)
	mustAppend(t, l, user("durable"))
	l.Close()
	if n := len(events(t, l.Path())); n != 3 {
		t.Errorf("with fsync on, the log holds %d events, want 3", n)
	}
}

func TestCloseTwice(t *testing.T) {
	l := create(t, newTestStore(t))
	if err := l.Close(); err != nil {
		t.Fatal(err)
	}
	if err := l.Close(); err != nil {
		t.Errorf("second Close = %v, want nil", err)
	}
}

func TestCreateLeavesNoTraceOfAFailure(t *testing.T) {
	s := newTestStore(t)
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		t.Fatal(err)
	}
	_, err := s.Create(Meta{}, strings.Repeat("x", MaxLine), nil)
	if left := folderNames(t, s); !errors.Is(err, ErrTooLong) || len(left) != 0 {
		t.Errorf("Create with a system prompt over MaxLine: %v, and left %q; want ErrTooLong and no file at all", err, left)
	}
}
