//go:build unix

package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// unixHostileCalls makes, in dir, what only unix lets a workspace hold: a
// named pipe, a symbolic link that leads to itself, and links that lead
// out. It returns the calls that aim at them.
func unixHostileCalls(t *testing.T, dir string) []hostileCall {
	t.Helper()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("loop", filepath.Join(dir, "loop")); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if err := os.WriteFile(filepath.Join(out, "secret.txt"), []byte("secret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(out, filepath.Join(dir, "out")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(out, "secret.txt"), filepath.Join(dir, "secret.txt")); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		entries, err := os.ReadDir(out)
		data, _ := os.ReadFile(filepath.Join(out, "secret.txt")) // a missing file shows as empty below
		if err != nil || len(entries) != 1 || string(data) != "secret\n" {
			t.Errorf("after the round the directory the links lead to holds %d files and secret.txt %q (%v); want them as they were",
				len(entries), data, err)
		}
	})
	return []hostileCall{
		{"read_file", `{"path":"pipe"}`, "error: pipe is a named pipe, not a regular file"},
		{"list_dir", `{"path":"pipe"}`, "error: pipe is a named pipe, not a directory"},
		{"search", `{"pattern":"x","path":"pipe"}`, "error: pipe is a named pipe, not a directory or a regular file"},
		{"read_file", `{"path":"calc.go","path":"pipe"}`, "error: pipe is a named pipe"},
		{"read_file", `{"path":"loop"}`, "error: "},
		{"list_dir", `{"path":"loop/x"}`, "error: "},
		{"write_file", `{"path":"pipe","content":"x"}`, "error: pipe is a named pipe, not a regular file"},
		{"edit_file", `{"path":"pipe","old_string":"a","new_string":"b"}`, "error: pipe is a named pipe, not a regular file"},
		{"write_file", `{"path":"loop","content":"x"}`, "error: loop: loop is a symbolic link that leads nowhere"},
		{"write_file", `{"path":"out/new.txt","content":"x"}`, "error: out/new.txt: it is outside the workspace"},
		{"write_file", `{"path":"secret.txt","content":"x"}`, "error: secret.txt: it is outside the workspace"},
		{"edit_file", `{"path":"secret.txt","old_string":"secret","new_string":"x"}`, "error: secret.txt: it is outside the workspace"},
	}
}

// TestHostileCommands makes commands that would hold ply for ever if
// they could: one that prints without end, one that leaves a sleeping
// child holding its output, one that reads a device without end, one
// that waits for input. Each is stopped at its timeout of a second, with
// all it started, and its result says so; what it printed costs no more
// than the capture's budget. Each runs in a round of its own, all at
// once, so that the test waits one second, not four.
func TestHostileCommands(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name string
		call hostileCall
	}{
		{"prints without end", hostileCall{"run_command", `{"command":"yes ply","timeout_s":1}`, "ply\nply\n"}},
		{"leaves a child holding its output", hostileCall{"run_command", `{"command":"sleep 600 & echo started; sleep 600","timeout_s":1}`, "started\n"}},
		{"reads a device without end", hostileCall{"run_command", `{"command":"cat /dev/zero","timeout_s":1}`, "\x00"}},
		{"waits for input", hostileCall{"run_command", `{"command":"read line; sleep 600","timeout_s":1}`, "(no output)\n"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			call := tt.call
			result := runHostileRound(t, t.TempDir(), []hostileCall{call})[0]
			if !strings.Contains(result, "(killed: it ran past its timeout of 1s") {
				t.Errorf("%s: the model was told %.300q…, want it killed at its timeout", call.args, result)
			}
		})
	}
}

// TestHostileRoundDevices makes, in one reply, calls at the devices of
// /dev, the workspace of a user who started ply with -C / or -C /dev.
// None is opened: /dev/zero never ends, and a device wakes when opened.
func TestHostileRoundDevices(t *testing.T) {
	t.Parallel()
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skipf("no /dev/zero here: %v", err)
	}
	runHostileRound(t, "/dev", []hostileCall{
		{"read_file", `{"path":"zero"}`, "error: zero is a device, not a regular file"},
		{"read_file", `{"path":"/dev/zero"}`, "error: /dev/zero is a device, not a regular file"},
		{"read_file", `{"path":"null"}`, "error: null is a device, not a regular file"},
		{"list_dir", `{"path":"zero"}`, "error: zero is a device, not a directory"},
		{"search", `{"pattern":"x","path":"zero"}`, "error: zero is a device, not a directory or a regular file"},
		{"search", `{"pattern":"x","path":"urandom"}`, "error: urandom is a device, not a directory or a regular file"},
	})
}
