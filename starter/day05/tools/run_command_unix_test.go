//go:build unix

package tools

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"ply/day05/sandbox"
)

// seconds matches the time in a result's last line, which varies.
var seconds = regexp.MustCompile(`[0-9]+\.[0-9]{2}s`)

// run runs command with run_command in ws and returns its result. The
// timeout can be shorter than the model can ask for, to keep tests quick.
func run(t *testing.T, ctx context.Context, ws *Workspace, command string, timeout time.Duration) string {
	t.Helper()
	got, err := NewRunCommand(ws, os.Environ(), sandbox.Default(ws.Dir())).run(ctx, command, timeout)
	if err != nil {
		t.Fatalf("run_command %q: %v", command, err)
	}
	return got
}

func TestRunCommand(t *testing.T) {
	tests := []struct {
		name, command string
		want          string // the result, with the seconds of its last line as 9.99
	}{
		{"output and exit code", "echo hello; exit 3", "hello\n(exit code 3 · 9.99s)"},
		{"standard error merged in order", "echo one; echo two >&2; echo three", "one\ntwo\nthree\n(exit code 0 · 9.99s)"},
		{"no output", "true", "(no output)\n(exit code 0 · 9.99s)"},
		{"in the workspace", "ls", "calc.go\n(exit code 0 · 9.99s)"},
		{"no input: what reads it gets nothing", `cat; read line; echo "read: [$line]"`, "read: []\n(exit code 0 · 9.99s)"},
		{"no terminal to ask", "cat /dev/tty 2>/dev/null || echo no terminal", "no terminal\n(exit code 0 · 9.99s)"},
		{"a last line without its end", "printf partial", "partial\n(exit code 0 · 9.99s)"},
		{"killed by a signal", "kill -SEGV $$", "(no output)\n(ended by a signal: segmentation fault · 9.99s)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ws := tree(t, map[string]string{"calc.go": "package calc\n"})
			got := seconds.ReplaceAllString(run(t, context.Background(), ws, tt.command, time.Minute), "9.99s")
			if got != tt.want {
				t.Errorf("run_command %q = %q, want %q", tt.command, got, tt.want)
			}
		})
	}
}

// TestRunCommandTimeoutKillsTheGroup runs a command that starts a child
// that sleeps, and then waits for it. After the timeout, neither the
// shell nor its child is alive.
func TestRunCommandTimeoutKillsTheGroup(t *testing.T) {
	t.Parallel()
	ws := tree(t, nil)
	got := run(t, context.Background(), ws, "sleep 300 & echo $! > child.pid; echo $$ > shell.pid; wait", time.Second)
	if !strings.Contains(got, "killed: it ran past its timeout of 1s") {
		t.Errorf("the result is %q, want it to say the command was killed after its timeout", got)
	}
	for _, name := range []string{"shell.pid", "child.pid"} {
		waitGone(t, name, readPid(t, ws, name))
	}
}

// TestRunCommandCancelKillsTheGroup presses Ctrl-C, as it were, as soon as
// the command says it is ready: the turn's context is cancelled, and the
// shell and its child are gone.
func TestRunCommandCancelKillsTheGroup(t *testing.T) {
	t.Parallel()
	ws := tree(t, nil)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ctx = WithProgress(ctx, func(line string) {
		if line == "ready" {
			cancel()
		}
	})
	start := time.Now()
	got := run(t, ctx, ws, "sleep 300 & echo $! > child.pid; echo $$ > shell.pid; echo ready; wait", time.Minute)
	if !strings.Contains(got, "stopped: the user cancelled it") {
		t.Errorf("the result is %q, want it to say the user stopped the command", got)
	}
	if elapsed := time.Since(start); elapsed > 30*time.Second {
		t.Errorf("the cancelled command ran for %v: Ctrl-C did not stop it", elapsed)
	}
	for _, name := range []string{"shell.pid", "child.pid"} {
		waitGone(t, name, readPid(t, ws, name))
	}
}

// TestRunCommandHostile runs commands that try to outlive their timeout or
// their shell. Each call ends, and every process it started is gone.
func TestRunCommandHostile(t *testing.T) {
	// A command killed by its timeout gets half a second, enough to start
	// and write its pids; one that ends at once gets a timeout longer than
	// waitDelay, so that it is not timed out as well.
	const quick, long = 500 * time.Millisecond, 3 * waitDelay
	tests := []struct {
		name, command string
		timeout       time.Duration
		want          string // in the result
	}{
		{"ignores SIGTERM", "trap '' TERM; echo $$ > 1.pid; sleep 300", quick, "killed: it ran past its timeout"},
		{"execs another program", "echo $$ > 1.pid; exec sleep 300", quick, "killed: it ran past its timeout"},
		{"closes its output and runs on", "echo $$ > 1.pid; exec >&- 2>&-; sleep 300", quick, "killed: it ran past its timeout"},
		{"starts many children", "for i in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16; do sleep 300 & echo $! > $i.pid; done; wait", quick, "killed: it ran past its timeout"},
		{"leaves a child behind and ends", "sleep 300 & echo $! > 1.pid", long, "it left processes running that held its output open; they were killed"},
		{"a grandchild behind a subshell", "(sleep 300 & echo $! > 1.pid) ; echo done", long, "it left processes running"},
		{"prints for ever", "echo $$ > 1.pid; yes", quick, "bytes of output, the middle cut"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ws := tree(t, nil)
			got := run(t, context.Background(), ws, tt.command, tt.timeout)
			if !strings.Contains(got, tt.want) {
				t.Errorf("run_command %q = %q, want it to say %q", tt.command, shortLine(got), tt.want)
			}
			pids, _ := filepath.Glob(filepath.Join(ws.Dir(), "*.pid"))
			if len(pids) == 0 {
				t.Fatal("the command wrote no pid: it did not start in time")
			}
			for _, path := range pids {
				if data, err := os.ReadFile(path); err == nil && len(data) == 0 {
					continue // the kill came between the shell opening this file and writing it
				}
				waitGone(t, filepath.Base(path), readPid(t, ws, filepath.Base(path)))
			}
		})
	}
}

// TestRunCommandEscapee runs a command that puts a child in a session of
// its own, out of the process group's reach, which keeps the output open.
// The call still ends, a second after the shell; the child is the one
// thing that survives (the lesson says so), and the test kills it.
func TestRunCommandEscapee(t *testing.T) {
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid command here")
	}
	t.Parallel()
	ws := tree(t, nil)
	got := run(t, context.Background(), ws, "setsid sleep 300 & echo $! > escaped.pid", time.Minute)
	pid := readPid(t, ws, "escaped.pid")
	t.Cleanup(func() { syscall.Kill(pid, syscall.SIGKILL) })
	if !strings.Contains(got, "it left processes running") {
		t.Errorf("the result is %q, want it to say the command left a process behind", got)
	}
}

func TestRunCommandHidesSecrets(t *testing.T) {
	ws := tree(t, nil)
	environ := []string{"PATH=" + os.Getenv("PATH"), "OPENAI_API_KEY=sk-abc=", "X_TOKEN=t0k3n", "db_password=hunter2", "KEEP_ME=kept"}
	// env writes to a file, so that this test does not need the capture.
	if _, err := NewRunCommand(ws, environ, sandbox.Default(ws.Dir())).Run(context.Background(), runArgs("env > env.txt", 0)); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(ws.Dir(), "env.txt"))
	if err != nil {
		t.Fatal(err)
	}
	got := string(data)
	for _, secret := range []string{"sk-abc=", "t0k3n", "hunter2", "OPENAI_API_KEY"} {
		if strings.Contains(got, secret) {
			t.Errorf("env shows %q to the model (see day04's exercise 3); the variables it shows: %s", secret, shown(got, environ))
		}
	}
	if !strings.Contains(got, "KEEP_ME=kept") {
		t.Errorf("env does not show KEEP_ME, which is no secret (see day04's exercise 3); the variables it shows: %s", shown(got, environ))
	}
}

// shown returns the names of the variables, of environ or of this
// process's environment, that env's output out shows, in order. A test
// prints these and never out itself: a command that was given this
// process's environment would put the secrets it holds on the screen.
func shown(out string, environ []string) string {
	var names []string
	for _, entry := range slices.Concat(environ, os.Environ()) {
		name, _, _ := strings.Cut(entry, "=")
		if !slices.Contains(names, name) && strings.Contains("\n"+out, "\n"+name+"=") {
			names = append(names, name)
		}
	}
	return strings.Join(names, " ")
}

func TestWriteToolsRefuseAFIFO(t *testing.T) {
	for _, tool := range writeTools {
		t.Run(tool.name, func(t *testing.T) {
			ws := tree(t, nil)
			if err := syscall.Mkfifo(filepath.Join(ws.Dir(), "pipe"), 0o644); err != nil {
				t.Skipf("no named pipes here: %v", err)
			}
			got, err := tool.run(ws, "pipe")
			if err == nil || !strings.Contains(err.Error(), "pipe is a named pipe, not a regular file") {
				t.Errorf("%s pipe = %q, %v; want a refusal", tool.name, got, err)
			}
		})
	}
}

// readPid reads the pid a command wrote into the file name in ws.
func readPid(t *testing.T, ws *Workspace, name string) int {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(ws.Dir(), name))
	if err != nil {
		t.Fatalf("the command wrote no %s: %v", name, err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(data)))
	if err != nil {
		t.Fatalf("%s holds %q, not a pid", name, data)
	}
	return pid
}

// waitGone waits until the process pid is gone, and fails the test if it
// is still alive after a few seconds.
func waitGone(t *testing.T, name string, pid int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for alive(pid) {
		if time.Now().After(deadline) {
			t.Errorf("the process of %s (pid %d) is still alive", name, pid)
			return
		}
		time.Sleep(5 * time.Millisecond) // polling a condition, with a deadline above
	}
}

// alive reports whether the process pid is running. A zombie (dead, but
// not yet reaped by the parent it was handed to) does not count: where
// the first process of a container does not reap orphans, zombies stay.
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true // no /proc here; the signal said it is there
	}
	// The state follows the command's name in parentheses: "42 (sleep) Z …".
	i := bytes.LastIndexByte(stat, ')')
	return i < 0 || i+2 >= len(stat) || stat[i+2] != 'Z'
}
