//go:build unix

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// unixHostileCalls makes, in dir, what only unix lets a workspace hold: a
// named pipe and a symbolic link that leads to itself. It returns the
// calls that aim at them.
func unixHostileCalls(t *testing.T, dir string) []hostileCall {
	t.Helper()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink("loop", filepath.Join(dir, "loop")); err != nil {
		t.Fatal(err)
	}
	return []hostileCall{
		{"read_file", `{"path":"pipe"}`, "error: pipe is a named pipe, not a regular file"},
		{"list_dir", `{"path":"pipe"}`, "error: pipe is a named pipe, not a directory"},
		{"search", `{"pattern":"x","path":"pipe"}`, "error: pipe is a named pipe, not a directory or a regular file"},
		{"read_file", `{"path":"calc.go","path":"pipe"}`, "error: pipe is a named pipe"},
		{"read_file", `{"path":"loop"}`, "error: "},
		{"list_dir", `{"path":"loop/x"}`, "error: "},
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
