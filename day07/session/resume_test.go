package session

import (
	"bytes"
	"errors"
	"os"
	"testing"
)

func TestResumeCarriesOnTheSameFile(t *testing.T) {
	s := newTestStore(t)
	a := newLive(t, create(t, s))
	a.turn("hi", 1)
	last := a.log.LastSeq()
	l, rp := resumeLive(t, s, a)
	if l.Path() != a.log.Path() || l.ID() != a.log.ID() {
		t.Errorf("resumed %s at %s, want the same session and file", l.ID(), l.Path())
	}
	ev := mustAppend(t, l, user("and now?"))
	l.Close()
	evs := events(t, l.Path())
	if rp.LastSeq != last || ev.Seq != last+3 {
		t.Errorf("LastSeq %d, next event %d; want %d, then %d after the system prompt and the note", rp.LastSeq, ev.Seq, last, last+3)
	}
	if sys, ok := evs[len(evs)-3].Data.(System); !ok || sys.Content != testSystem {
		t.Errorf("the resume logged %+v first, want today's system prompt", evs[len(evs)-3])
	}
}

func TestResumeRefuses(t *testing.T) {
	s := newTestStore(t)
	l := create(t, s)
	l.Close()
	tests := []struct {
		name string
		id   string
		want error
	}{
		{"not an id", "../" + l.ID(), ErrBadID},
		{"an absolute path", "/etc/passwd", ErrBadID},
		{"a path inside the id", l.ID() + "/../..", ErrBadID},
		{"no such session", "s-20000101-000000-zzzz", ErrNoSession},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, _, err := s.Resume(tt.id, testOptions); !errors.Is(err, tt.want) {
				t.Errorf("Resume(%q) = %v, want %v", tt.id, err, tt.want)
			}
		})
	}
}

func TestResumeOfALockedSessionChangesNothing(t *testing.T) {
	s := newTestStore(t)
	l := create(t, s)
	defer l.Close()
	mustAppend(t, l, user("hello"))
	// A torn line, as if the holder were half-way through a write: the
	// refused resume must not repair it.
	if _, err := l.f.Write([]byte(`{"seq":4,"ts":`)); err != nil {
		t.Fatal(err)
	}
	before := readFile(t, l.Path())
	_, _, err := s.Resume(l.ID(), testOptions)
	var locked *LockedError
	if !errors.As(err, &locked) || locked.ID != l.ID() || locked.PID != os.Getpid() {
		t.Fatalf("Resume of a session open in this process: %v; want a *LockedError naming %s and pid %d", err, l.ID(), os.Getpid())
	}
	sameFile(t, l.Path(), before)
}

func TestResumeRefusesAnUnknownVersion(t *testing.T) {
	s := newTestStore(t)
	l := create(t, s)
	l.Close()
	data := bytes.Replace(readFile(t, l.Path()), []byte(`"v":1`), []byte(`"v":2`), 1)
	writeFile(t, l.Path(), data)
	_, _, err := s.Resume(l.ID(), testOptions)
	if !errors.Is(err, ErrVersion) {
		t.Errorf("Resume of a version 2 log = %v, want ErrVersion", err)
	}
	sameFile(t, l.Path(), data)
}
