//go:build unix

package session

import (
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
	refusesEveryWayIn(t, s, id, "a FIFO")
}
