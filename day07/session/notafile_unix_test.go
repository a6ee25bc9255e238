//go:build unix

package session

import (
	"errors"
	"os"
	"syscall"
	"testing"
)

// TestRefusesAFIFOForALog puts a FIFO where a session's log should be.
// Opening it for reading would wait for a writer for ever: the test ends,
// with the refusal, only if it is never opened.
func TestRefusesAFIFOForALog(t *testing.T) {
	s := newTestStore(t)
	id := "s-20260101-000000-abcd"
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := syscall.Mkfifo(s.logPath(id), 0o600); err != nil {
		t.Skipf("cannot make a FIFO here: %v", err)
	}
	refusesEveryWayIn(t, s, id, "a FIFO", ErrNotAFile)
}

// TestRefusesAFIFOForAPIDFile puts a FIFO where a session's pid file
// goes. Opening it to write would wait for a reader for ever: the test
// ends, with the refusal and the session left unlocked, only if it never
// waits.
func TestRefusesAFIFOForAPIDFile(t *testing.T) {
	s := newTestStore(t)
	l := create(t, s)
	l.Close()
	if err := syscall.Mkfifo(s.pidPath(l.ID()), 0o600); err != nil {
		t.Skipf("cannot make a FIFO here: %v", err)
	}
	if _, _, err := s.Resume(l.ID(), testOptions); !errors.Is(err, ErrNotAFile) {
		t.Errorf("Resume with a FIFO for a pid file = %v, want %v", err, ErrNotAFile)
	}
	if !unlocked(t, s, l.ID()) {
		t.Errorf("the refused resume left the session locked")
	}
}
