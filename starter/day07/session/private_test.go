package session

import (
	"os"
	"runtime"
	"testing"
)

// TestResumeMakesALogPrivate checks that a log others could read, copied
// in or made by hand, is made the owner's alone when ply writes to it.
func TestResumeMakesALogPrivate(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows keeps no group and other permissions")
	}
	s := newTestStore(t)
	l := create(t, s)
	mustAppend(t, l, user("my token is not here"))
	l.Close()
	if err := os.Chmod(l.Path(), 0o644); err != nil {
		t.Fatal(err)
	}
	resumed, _, err := s.Resume(l.ID(), testOptions)
	if err != nil {
		t.Fatal(err)
	}
	defer resumed.Close()
	info, err := os.Stat(l.Path())
	if err != nil {
		t.Fatal(err)
	}
	if got := info.Mode().Perm(); got != 0o600 {
		t.Errorf("after a resume, the log's mode is %o, want 600 (see private)", got)
	}
}

// TestAWidenedFolderIsMadePrivate checks that a sessions folder others
// can list, and its folder of new logs, are made the owner's alone again
// when ply writes in them: a listing shows every session's id.
func TestAWidenedFolderIsMadePrivate(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows keeps no group and other permissions")
	}
	s := newTestStore(t)
	for _, dir := range []string{s.Dir, s.newDir()} {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	create(t, s).Close()
	for _, dir := range []string{s.Dir, s.newDir()} {
		info, err := os.Stat(dir)
		if err != nil {
			t.Fatal(err)
		}
		if got := info.Mode().Perm(); got != 0o700 {
			t.Errorf("after a new session, %s has mode %o, want 700 (see checkFolder)", dir, got)
		}
	}
}
