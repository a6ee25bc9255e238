//go:build unix

package tools

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// mkfifo makes a named pipe at path.
func mkfifo(t *testing.T, path string) {
	t.Helper()
	if err := syscall.Mkfifo(path, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
}

// promptly runs f, and fails the test if f has not returned after a
// minute, which is thousands of times what it needs: a call that waits on
// a named pipe with no writer never returns by itself.
func promptly(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	select {
	case <-done:
	case <-time.After(time.Minute):
		t.Fatalf("%s has not returned after a minute: it waits on something that is not a regular file", what)
	}
}

// TestNamedPipes checks that no tool opens a named pipe: opening one
// waits for a writer, for ever if none comes, and Ctrl-C cannot stop a
// system call. Each call ends at once with an error that says what the
// path is.
func TestNamedPipes(t *testing.T) {
	ws := tree(t, map[string]string{"a.go": "package a\n"})
	mkfifo(t, filepath.Join(ws.Dir(), "pipe"))
	symlink(t, "pipe", filepath.Join(ws.Dir(), "to-pipe"))
	tests := []struct {
		tool  Tool
		args  map[string]any
		want  string // the error, or the whole output
		needs string // the exercise the case needs, if one
	}{
		{ReadFile{ws}, map[string]any{"path": "pipe"}, "pipe is a named pipe, not a regular file", ""},
		{ReadFile{ws}, map[string]any{"path": "to-pipe"}, "to-pipe is a named pipe, not a regular file", ""},
		{ListDir{ws}, map[string]any{"path": "pipe"}, "pipe is a named pipe, not a directory", ""},
		{Search{ws}, map[string]any{"pattern": "x", "path": "pipe"}, "pipe is a named pipe, not a directory or a regular file", ""},
		{Search{ws}, map[string]any{"pattern": "package"}, "a.go:1: package a\n", " (needs day03's exercise 4)"},
		{Find{ws}, map[string]any{"pattern": "*"}, "a.go\n", " (needs day03's exercise 5)"},
		{ListDir{ws}, map[string]any{}, "a.go (10 bytes)\npipe (a named pipe)\nto-pipe@\n", ""},
	}
	for _, tt := range tests {
		promptly(t, tt.tool.Name(), func() {
			got, err := call(t, tt.tool, tt.args)
			if err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("%s %v = %q, want %q%s", tt.tool.Name(), tt.args, got, tt.want, tt.needs)
			}
		})
	}
}

// TestSwappedForAPipe checks the second look: a file that was regular
// when looked at and is a named pipe by the time it is opened. The open
// does not wait, and what it opened is refused.
func TestSwappedForAPipe(t *testing.T) {
	ws := tree(t, nil)
	mkfifo(t, filepath.Join(ws.Dir(), "pipe"))
	promptly(t, "openRegular", func() {
		f, err := openRegular(ws.FS(), "pipe", "was-a-file")
		if err == nil {
			f.Close()
		}
		if err == nil || err.Error() != "was-a-file is a named pipe, not a regular file" {
			t.Errorf("opening a named pipe as a regular file: error %v, want it refused by its kind", err)
		}
	})
	promptly(t, "searchText", func() {
		_, binary, err := searchText(context.Background(), ws.FS(), "pipe", regexp.MustCompile("x"), nil)
		if binary || err == nil || err.Error() != "pipe is a named pipe, not a regular file" {
			t.Errorf("searching a file that became a named pipe: binary %v, error %v; want it refused by its kind", binary, err)
		}
	})
	promptly(t, "ReadDir", func() {
		if _, err := fs.ReadDir(ws.FS(), "pipe"); !errors.Is(err, syscall.ENOTDIR) {
			t.Errorf("listing a named pipe as a directory: error %v, want ENOTDIR", err)
		}
	})
}

// TestDevices checks that no tool reads a device: /dev/zero never ends,
// and with -C / it is inside the workspace.
func TestDevices(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skipf("no /dev/zero here: %v", err)
	}
	ws, err := NewWorkspace("/dev")
	if err != nil {
		t.Fatal(err)
	}
	defer ws.Close()
	tests := []struct {
		tool Tool
		args map[string]any
		want string
	}{
		{ReadFile{ws}, map[string]any{"path": "zero"}, "zero is a device, not a regular file"},
		{ReadFile{ws}, map[string]any{"path": "/dev/zero"}, "/dev/zero is a device, not a regular file"},
		{ListDir{ws}, map[string]any{"path": "null"}, "null is a device, not a directory"},
		{Search{ws}, map[string]any{"pattern": "x", "path": "zero"}, "zero is a device, not a directory or a regular file"},
	}
	for _, tt := range tests {
		promptly(t, tt.tool.Name(), func() {
			_, err := call(t, tt.tool, tt.args)
			if err == nil || err.Error() != tt.want {
				t.Errorf("%s %v: error %v, want %q", tt.tool.Name(), tt.args, err, tt.want)
			}
		})
	}
	// A search of the whole of /dev reads no device, and ends.
	promptly(t, "search of /dev", func() {
		if _, err := call(t, Search{ws}, map[string]any{"pattern": "x"}); err != nil && !strings.Contains(err.Error(), "permission") {
			t.Errorf("search of /dev: %v", err)
		}
	})
}

// TestFilesThatWait reads files that say they are regular but that the
// system can wait on. One with something to say is read as any other; the
// kernel's log, /proc/kmsg, which waits for its next message for ever, is
// given up after maxWait.
func TestFilesThatWait(t *testing.T) {
	t.Parallel()
	self, err := NewWorkspace("/proc/self")
	if err != nil {
		t.Skipf("no /proc here: %v", err)
	}
	defer self.Close()
	promptly(t, "read_file mounts", func() {
		if got, err := call(t, ReadFile{self}, map[string]any{"path": "mounts"}); err != nil || !strings.Contains(got, "\t") {
			t.Errorf("read_file of /proc/self/mounts = %.60q, %v; want its lines", got, err)
		}
	})
	if f, err := os.Open("/proc/kmsg"); err != nil {
		t.Skipf("cannot read /proc/kmsg here: %v", err)
	} else {
		f.Close()
	}
	proc, err := NewWorkspace("/proc")
	if err != nil {
		t.Fatal(err)
	}
	defer proc.Close()
	promptly(t, "read_file kmsg", func() {
		if _, err := call(t, ReadFile{proc}, map[string]any{"path": "kmsg"}); err == nil || !strings.Contains(err.Error(), "i/o timeout") {
			t.Errorf("read_file of /proc/kmsg: error %v, want an i/o timeout after %v", err, maxWait)
		}
	})
}
