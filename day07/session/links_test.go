package session

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// outside makes a file outside the sessions folder of s, holding a
// session's log of its own so that following a link to it would work,
// and returns its path and bytes.
func outside(t *testing.T, s Store) (string, []byte) {
	t.Helper()
	path := filepath.Join(filepath.Dir(s.Dir), "outside.jsonl")
	data := []byte(metaLine() + msgLine(2, "user", "a file that is not the session's"))
	writeFile(t, path, data)
	return path, data
}

// link makes the symbolic link name pointing at target, or skips the
// test where this system makes none.
func link(t *testing.T, target, name string) {
	t.Helper()
	if err := os.Symlink(target, name); err != nil {
		t.Skipf("cannot make a symbolic link here: %v", err)
	}
}

// refusedForTheLink checks that err refuses a link by name, with what it
// points to.
func refusedForTheLink(t *testing.T, what string, err error, id, target string) {
	t.Helper()
	if !errors.Is(err, ErrLink) || !strings.Contains(err.Error(), id) || !strings.Contains(err.Error(), target) {
		t.Errorf("%s = %v; want a refusal naming the session %s, that it is %v, and %s", what, err, id, ErrLink, target)
	}
}

// TestALogThatIsALinkIsRefused puts a link where a session's log should
// be: every way in refuses it by name with what it points to, and the file
// it points to is never written.
func TestALogThatIsALinkIsRefused(t *testing.T) {
	s := newTestStore(t)
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		t.Fatal(err)
	}
	target, data := outside(t, s)
	id := "s-20260907-100000-k3x9"
	link(t, target, s.logPath(id))
	refusesEveryWayIn(t, s, id, "a link", ErrLink)
	_, _, err := s.Resume(id, testOptions)
	refusedForTheLink(t, "Resume", err, id, target)
	sameFile(t, target, data)
}

// TestAPIDFileThatIsALinkIsRefused puts a link where a session's pid file
// goes: the resume is refused by name with what it points to, the file it
// points to is never written, and the session is left unlocked.
func TestAPIDFileThatIsALinkIsRefused(t *testing.T) {
	s := newTestStore(t)
	l := create(t, s)
	l.Close()
	target, data := outside(t, s)
	link(t, target, s.pidPath(l.ID()))
	before := readFile(t, l.Path())
	_, _, err := s.Resume(l.ID(), testOptions)
	refusedForTheLink(t, "Resume", err, l.ID(), target)
	sameFile(t, target, data)
	sameFile(t, l.Path(), before)
	if !unlocked(t, s, l.ID()) {
		t.Errorf("the refused resume left the session locked")
	}
}

// TestLeftoverLinksAreNotFollowed puts links where a repair and a new log
// write their files, as leftovers: the repair and a new session go on,
// and the file the links point to is never written.
func TestLeftoverLinksAreNotFollowed(t *testing.T) {
	s, l, full := damagedLog(t)
	writeFile(t, l.Path(), full[:len(full)-5]) // a torn last line, for Resume to repair
	target, data := outside(t, s)
	link(t, target, l.Path()+repairSuffix)
	if err := os.MkdirAll(s.newDir(), 0o700); err != nil {
		t.Fatal(err)
	}
	link(t, target, filepath.Join(s.newDir(), "s-20260101-000000-abcd.jsonl"))
	rl, rp, err := s.Resume(l.ID(), testOptions)
	if err != nil || rp.Repaired == nil {
		t.Fatalf("Resume = %v, %+v; want the torn line repaired", err, rp)
	}
	rl.Close()
	create(t, s).Close()
	sameFile(t, target, data)
}

// TestASessionsFolderThatIsALinkIsRefused makes the sessions folder a
// link to a folder elsewhere: no session is made in it, and none read.
func TestASessionsFolderThatIsALinkIsRefused(t *testing.T) {
	s := newTestStore(t)
	elsewhere := filepath.Join(filepath.Dir(s.Dir), "elsewhere")
	if err := os.Mkdir(elsewhere, 0o700); err != nil {
		t.Fatal(err)
	}
	link(t, elsewhere, s.Dir)
	if _, err := s.Create(Meta{}, testSystem, nil); !errors.Is(err, ErrLink) || !strings.Contains(err.Error(), elsewhere) {
		t.Errorf("Create in a sessions folder that is a link = %v; want it refused, naming %s", err, elsewhere)
	}
	if _, err := s.List("", "", 10); !errors.Is(err, ErrLink) {
		t.Errorf("List of a sessions folder that is a link = %v; want %v", err, ErrLink)
	}
	if entries, _ := os.ReadDir(elsewhere); len(entries) != 0 {
		t.Errorf("the folder the link points to holds %d files, want none", len(entries))
	}
}
