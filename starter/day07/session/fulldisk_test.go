package session

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// A disk that fills is played by a process that may make no file longer
// than a few bytes (limitFileSize): its writes fail as they would on a
// full disk, having written what fitted.

// helperFullDisk tries to start a session with room for no file longer
// than PLY_SESSION_ROOM bytes, less than its log needs, and says why it
// could not.
func helperFullDisk() int {
	s, _ := helperStore()
	room, err := strconv.ParseUint(os.Getenv("PLY_SESSION_ROOM"), 10, 64)
	if err == nil {
		err = limitFileSize(room)
	}
	if err != nil {
		fmt.Println(err)
		return 2
	}
	l, err := s.Create(Meta{Model: "scripted", Cwd: "/home/ann/calc", Agent: "ply test"}, testSystem, nil)
	if err == nil {
		l.Close()
		fmt.Println("a session started on a full disk")
		return 1
	}
	fmt.Println(err)
	return 0
}

// helperFills appends to the session with room for PLY_SESSION_ROOM more
// bytes in its log, until an append fails.
func helperFills() int {
	s, id := helperStore()
	room, err := strconv.ParseUint(os.Getenv("PLY_SESSION_ROOM"), 10, 64)
	if err != nil {
		fmt.Println(err)
		return 2
	}
	l, _, err := s.Resume(id, testOptions)
	if err != nil {
		fmt.Println(err)
		return 2
	}
	defer l.Close()
	info, err := l.f.Stat()
	if err == nil {
		err = limitFileSize(uint64(info.Size()) + room)
	}
	if err != nil {
		fmt.Println(err)
		return 2
	}
	for {
		if _, err := l.Append(user(strings.Repeat("a line that will not fit ", 8))); err != nil {
			fmt.Println(err)
			return 0
		}
	}
}

// TestStartOnAFullDisk: a session that cannot start for want of room
// leaves nothing behind, no pid file and no new log, whether the disk
// has no room for a byte, room for the pid and not the log, or room for
// part of the log.
func TestStartOnAFullDisk(t *testing.T) {
	for _, room := range []int{0, 3, 16, 100} {
		t.Run(fmt.Sprint(room), func(t *testing.T) {
			s := newTestStore(t)
			if err := os.MkdirAll(s.newDir(), 0o700); err != nil {
				t.Fatal(err)
			}
			cmd := helper(t, "fulldisk", s, "")
			cmd.Env = append(cmd.Env, fmt.Sprintf("PLY_SESSION_ROOM=%d", room))
			said := fill(t, cmd)
			if names := folderNames(t, s); len(names) > 0 {
				t.Errorf("a start refused for want of room (%s) left %v behind", said, names)
			}
		})
	}
}

// TestDiskFillsMidSession: a disk that fills tears the last line at
// worst; the resume repairs that line, every event before it is there,
// and the session goes on.
func TestDiskFillsMidSession(t *testing.T) {
	s := newTestStore(t)
	l := create(t, s)
	mustAppend(t, l, user("before the disk filled"))
	id := l.ID()
	l.Close()
	before := events(t, logOf(t, s, id))
	cmd := helper(t, "fills", s, id)
	cmd.Env = append(cmd.Env, "PLY_SESSION_ROOM=1000")
	said := fill(t, cmd)
	l, rp, err := s.Resume(id, testOptions)
	if err != nil {
		t.Fatalf("resume after the disk filled (%s): %v", said, err)
	}
	defer l.Close()
	if rp.Repaired == nil || !errors.Is(rp.Repaired, ErrTorn) {
		t.Errorf("resume after the disk filled repaired %v, want the line the full disk cut short", rp.Repaired)
	}
	after := events(t, l.Path())
	for i, ev := range before {
		if after[i].Seq != ev.Seq || after[i].Data.Type() != ev.Data.Type() {
			t.Fatalf("event %d is %+v after the disk filled, want %+v", i+1, after[i], ev)
		}
	}
	mustAppend(t, l, user("after"))
}

// fill runs cmd, a helper that writes on a full disk, and returns what it
// said. It skips the test where no disk can be filled, and fails it when
// the helper fails.
func fill(t *testing.T, cmd *exec.Cmd) string {
	t.Helper()
	out, err := cmd.Output()
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit) && exit.ExitCode() == 2 && strings.Contains(string(out), errors.ErrUnsupported.Error()):
		t.Skip("no way to fill a disk here")
	case err != nil:
		t.Fatalf("the helper ended with %v: %s", err, out)
	}
	return strings.TrimSpace(string(out))
}
