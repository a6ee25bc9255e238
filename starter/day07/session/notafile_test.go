package session

import (
	"errors"
	"os"
	"testing"
)

// TestRefusesALogThatIsNotAFile puts a folder where a session's log
// should be: reading, resuming and forking it are refused, and the folder
// stays as it was.
func TestRefusesALogThatIsNotAFile(t *testing.T) {
	s := newTestStore(t)
	id := "s-20260101-000000-abcd"
	if err := os.MkdirAll(s.logPath(id), 0o700); err != nil {
		t.Fatal(err)
	}
	refusesEveryWayIn(t, s, id, "a folder", ErrNotAFile)
	if info, err := os.Stat(s.logPath(id)); err != nil || !info.IsDir() {
		t.Errorf("the folder in the log's place was changed: %v", err)
	}
}

// refusesEveryWayIn checks that reading, resuming and forking the session
// id, whose log is what, are each refused with want.
func refusesEveryWayIn(t *testing.T, s Store, id, what string, want error) {
	t.Helper()
	tries := map[string]func() error{
		"Open":   func() error { _, err := s.Open(id); return err },
		"Resume": func() error { _, _, err := s.Resume(id, testOptions); return err },
		"Fork":   func() error { _, _, err := s.Fork(id, 1, testOptions); return err },
	}
	for name, try := range tries {
		if err := try(); !errors.Is(err, want) {
			t.Errorf("%s of a session whose log is %s = %v, want %v (see Store.existing in store.go)", name, what, err, want)
		}
	}
}
