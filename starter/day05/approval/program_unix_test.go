//go:build unix

package approval

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// testHost is a Host that starts programs plainly, killing each when its
// context is done: process groups are run_command's, tested there.
func testHost(dir string, out *bytes.Buffer, env []string) Host {
	return Host{Dir: dir, Env: env, Out: out, Exec: func(ctx context.Context, cmd *exec.Cmd) (int, error) {
		if err := cmd.Start(); err != nil {
			return 0, err
		}
		stop := context.AfterFunc(ctx, func() { _ = cmd.Process.Kill() }) // an error means it has ended
		defer stop()
		_ = cmd.Wait() // the state below says how it ended
		return cmd.ProcessState.ExitCode(), nil
	}}
}

// linkedWorkspace makes a workspace holding calc.go and, leading out of
// it, a link to a folder (k) and one to a file (s), both holding a
// secret. It returns the workspace, its links resolved.
func linkedWorkspace(t *testing.T) string {
	t.Helper()
	ws, out := realTempDir(t), realTempDir(t)
	for _, f := range []struct{ path, text string }{
		{filepath.Join(ws, "calc.go"), "package calc\n"},
		{filepath.Join(out, "secret.txt"), "secret\n"},
	} {
		if err := os.WriteFile(f.path, []byte(f.text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for link, target := range map[string]string{"k": out, "s": filepath.Join(out, "secret.txt")} {
		if err := os.Symlink(target, filepath.Join(ws, link)); err != nil {
			t.Fatal(err)
		}
	}
	return ws
}

// realTempDir is t.TempDir with its links resolved, as a workspace is.
func realTempDir(t *testing.T) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// runAllowed runs cmd as the gate allowed it in ws, and fails t unless
// the gate allowed it.
func runAllowed(t *testing.T, ws, cmd string, env []string) (out string, refused string) {
	t.Helper()
	d := CheckCommand(cmd, DefaultRules(), ws)
	if d.Verdict != Allow || d.Program == nil {
		t.Fatalf("CheckCommand(%q) = %v: %s, with program %v; want it allowed, with its program", cmd, d.Verdict, d.Reason, d.Program != nil)
	}
	var buf bytes.Buffer
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second) // a program that never ends is a failure, not a hang
	defer cancel()
	_, refused, err := d.Program.Run(ctx, testHost(ws, &buf, env))
	if err != nil {
		t.Fatalf("running %q: %v", cmd, err)
	}
	return buf.String(), refused
}

// TestProgramChecksAsItRuns runs commands the gate allows by their words:
// they run as the shell would run them, each judged again on its words as
// it is about to run. Where a path leads is the sandbox's to hold, not the
// program's (see the main package's TestGateAttacks).
func TestProgramChecksAsItRuns(t *testing.T) {
	ws := linkedWorkspace(t)
	if err := os.WriteFile(filepath.Join(ws, "-f"), []byte("a file named like an option\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		cmd     string
		out     string // a piece of the output, or "" for none
		refused string // a piece of the refusal, or "" when none
	}{
		{"cat calc.go", "package calc", ""},
		{"cat calc.go | wc -l", "1", ""},
		{"echo hi; pwd", "hi\n" + ws, ""},
		{"ls", "calc.go", ""},
		{"cat < calc.go", "package calc", ""},
		{"ls > /dev/null; echo done", "done", ""},
		{"grep -r secret c*", "", ""},
		{"tail -n 1 *; echo after", "", "tail -n 1 -f calc.go k s: tail -f does not end on its own"},
	}
	for _, tt := range tests {
		t.Run(tt.cmd, func(t *testing.T) {
			out, refused := runAllowed(t, ws, tt.cmd, os.Environ())
			if !strings.Contains(out, tt.out) || !strings.Contains(refused, tt.refused) || (tt.refused == "") != (refused == "") {
				t.Errorf("%q printed %q, refused %q; want %q in the output and a refusal saying %q", tt.cmd, out, refused, tt.out, tt.refused)
			}
			if strings.Contains(out, "secret") || strings.Contains(out, "after") {
				t.Errorf("%q printed %q: the secret, or what came after the refusal", tt.cmd, out)
			}
		})
	}
}

// TestCheckCommandLooksAtFiles judges commands in a real workspace with a
// named pipe in it: reading one waits for a writer, for ever if none
// comes, and so it asks before anything runs.
func TestCheckCommandLooksAtFiles(t *testing.T) {
	ws := linkedWorkspace(t)
	if err := syscall.Mkfifo(filepath.Join(ws, "pipe"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		cmd    string
		want   Verdict
		reason string
	}{
		{"cat calc.go", Allow, "cat"},
		{"ls . calc.go", Allow, "ls"},
		{"cat pipe", Ask, "pipe is no file or folder"},
		{"cat < pipe", Ask, "< pipe reads what is no file or folder"},
	}
	for _, tt := range tests {
		got := CheckCommand(tt.cmd, DefaultRules(), ws)
		if got.Verdict != tt.want || !strings.Contains(got.Reason, tt.reason) {
			t.Errorf("in %s, CheckCommand(%q) = %v: %s\nwant %v, with a reason that says %q", ws, tt.cmd, got.Verdict, got.Reason, tt.want, tt.reason)
		}
	}
}

// TestProgramRunsWhereItWasJudged gives a program judged in one workspace
// to a tool working in another: its paths were judged against the first,
// so it does not run.
func TestProgramRunsWhereItWasJudged(t *testing.T) {
	ws, other := linkedWorkspace(t), realTempDir(t)
	d := CheckCommand("ls", DefaultRules(), ws)
	if d.Program == nil {
		t.Fatalf("CheckCommand(\"ls\") = %v: %s, with no program; want ls allowed, with its program", d.Verdict, d.Reason)
	}
	var out bytes.Buffer
	_, _, err := d.Program.Run(context.Background(), testHost(other, &out, os.Environ()))
	if err == nil || !strings.Contains(err.Error(), "judged in") || out.Len() > 0 {
		t.Errorf("ls, judged in %s and run in %s: %v, printing %q; want it refused before it runs", ws, other, err, out.String())
	}
}
