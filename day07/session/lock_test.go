package session

import (
	"errors"
	"io/fs"
	"os"
	"testing"
)

func TestASecondLockIsRefused(t *testing.T) {
	s := newTestStore(t)
	l := create(t, s)
	_, err := lockOf(s, l.ID())
	var locked *LockedError
	if !errors.As(err, &locked) || !errors.Is(err, ErrLocked) || locked.ID != l.ID() || locked.PID != os.Getpid() {
		t.Fatalf("a second lock of a session open in this process: %v; want a *LockedError naming %s and pid %d", err, l.ID(), os.Getpid())
	}
	l.Close()
	lk, err := lockOf(s, l.ID())
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

func TestPIDFileHoldsThePID(t *testing.T) {
	s := newTestStore(t)
	l := create(t, s)
	if got := readPID(s.pidPath(l.ID())); got != os.Getpid() {
		t.Errorf("the pid file says pid %d, want %d", got, os.Getpid())
	}
	l.Close()
	if _, err := os.Lstat(s.pidPath(l.ID())); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("after Close the pid file is still there (%v); want it removed with the lock", err)
	}
}

// TestARepairTakesTheLockAlong repairs a torn log, which renames a new
// file over it: the resumed session is still locked against a second
// ply, and a handle of the old file, which anyone may lock now, counts
// for nothing.
func TestARepairTakesTheLockAlong(t *testing.T) {
	s, l, full := damagedLog(t)
	writeFile(t, l.Path(), full[:len(full)-5])
	old, err := os.Open(l.Path())
	if err != nil {
		t.Fatal(err)
	}
	defer old.Close()
	rl, rp, err := s.Resume(l.ID(), testOptions)
	if err != nil || rp.Repaired == nil {
		t.Fatalf("Resume = %v; want the torn last line repaired", err)
	}
	defer rl.Close()
	if got, err := tryLock(old); !got || err != nil {
		t.Fatalf("the old log's handle could not be locked (%v, %v); the repair should have let it go", got, err)
	}
	unlock(old)
	if _, err := lockOf(s, l.ID()); !errors.Is(err, ErrLocked) {
		t.Errorf("a second lock of the repaired session = %v, want %v: the lock must move with the repair", err, ErrLocked)
	}
}
