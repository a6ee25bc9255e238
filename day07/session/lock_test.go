package session

import (
	"errors"
	"os"
	"testing"
)

func TestASecondLockIsRefused(t *testing.T) {
	s := newTestStore(t)
	l := create(t, s)
	_, err := acquire(l.ID(), s.lockPath(l.ID()))
	var locked *LockedError
	if !errors.As(err, &locked) || !errors.Is(err, ErrLocked) || locked.ID != l.ID() || locked.PID != os.Getpid() {
		t.Fatalf("a second lock of a session open in this process: %v; want a *LockedError naming %s and pid %d", err, l.ID(), os.Getpid())
	}
	l.Close()
	lk, err := acquire(l.ID(), s.lockPath(l.ID()))
	if err != nil {
		t.Fatalf("lock once the holder closed: %v", err)
	}
	lk.release()
}

func TestLockedErrorText(t *testing.T) {
	err := &LockedError{ID: "s-20260907-100000-k3x9", PID: 4242}
	if want := "session s-20260907-100000-k3x9 is open in another ply (process 4242)"; err.Error() != want {
		t.Errorf("Error() = %q, want %q", err.Error(), want)
	}
	err.PID = 0
	if want := "session s-20260907-100000-k3x9 is open in another ply"; err.Error() != want {
		t.Errorf("Error() = %q, want %q", err.Error(), want)
	}
}

func TestLockFileHoldsThePID(t *testing.T) {
	s := newTestStore(t)
	l := create(t, s)
	defer l.Close()
	f, err := os.Open(s.lockPath(l.ID()))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got := readPID(f); got != os.Getpid() {
		t.Errorf("the lock file says pid %d, want %d", got, os.Getpid())
	}
}
