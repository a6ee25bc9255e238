//go:build unix

package tools

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"ply/day07/approval"
	"ply/day07/sandbox"
)

// script writes an executable shell script into ws, for a rule to name
// as ./NAME: the programs of these tests are scripts, since the default
// rules allow only commands that end at once.
func script(t *testing.T, ws *Workspace, name, body string) {
	t.Helper()
	writeProgram(t, filepath.Join(ws.Dir(), name), "#!/bin/sh\n"+body+"\n")
}

// writeProgram writes an executable file. While it is open for writing it
// holds syscall.ForkLock, which every fork of this process waits for: a
// command a parallel test starts in that moment would otherwise inherit
// the open file until its exec, and running a file that some process
// holds open for writing fails with "text file busy".
func writeProgram(t testing.TB, path, text string) {
	t.Helper()
	syscall.ForkLock.RLock()
	err := os.WriteFile(path, []byte(text), 0o755)
	syscall.ForkLock.RUnlock()
	if err != nil {
		t.Fatal(err)
	}
}

// interpreted runs command as the gate allowed it, with the default rules
// and rules, through run_command's run: from the tree the gate judged.
func interpreted(t *testing.T, ctx context.Context, ws *Workspace, environ []string, command string, timeout time.Duration, rules ...string) string {
	t.Helper()
	all := approval.DefaultRules()
	for _, r := range rules {
		rule, err := approval.ParseRule(r)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, rule)
	}
	d := approval.CheckCommand(command, all, ws.Dir())
	if d.Verdict != approval.Allow || d.Program == nil {
		t.Fatalf("CheckCommand(%q) = %v: %s; want it allowed, with its program", command, d.Verdict, d.Reason)
	}
	got, err := NewRunCommand(ws, environ, sandbox.Default(ws.Dir())).run(WithProgram(ctx, d.Program), command, timeout)
	if err != nil {
		t.Fatalf("run_command %q: %v", command, err)
	}
	return got
}

// TestInterpretedCommand runs commands from the gate's tree: what run
// gives back is what the shell's run gives, in the same shape.
func TestInterpretedCommand(t *testing.T) {
	tests := []struct {
		name, command string
		want          string // the result, with the seconds of its last line as 9.99
	}{
		{"output and exit code", "cat calc.go; grep -q nothing calc.go", "package calc\n(exit code 1 · 9.99s)"},
		{"a pipeline", "cat calc.go | wc -l", "1\n(exit code 0 · 9.99s)"},
		{"no input: what reads it gets nothing", "cat", "(no output)\n(exit code 0 · 9.99s)"},
		{"builtins", "echo one; pwd > /dev/null; echo two", "one\ntwo\n(exit code 0 · 9.99s)"},
		{"refused as it runs", "echo before; tail -n 1 *; echo after",
			"before\nply: refused as it ran: tail -n 1 -f calc.go secret.txt: tail -f does not end on its own\n" +
				"(stopped: the approval gate refused, as it ran, tail -n 1 -f calc.go secret.txt: tail -f does not end on its own · 9.99s)"},
		{"a link out, refused by the kernel", "cat secret.txt; echo after",
			"cat: secret.txt: Permission denied\nafter\n(exit code 0 · 9.99s)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ws := tree(t, map[string]string{"calc.go": "package calc\n", "-f": "a file whose name is an option\n"})
			if err := os.Symlink(filepath.Join(ws.Dir(), "..", "secret.txt"), filepath.Join(ws.Dir(), "secret.txt")); err != nil {
				t.Fatal(err)
			}
			got := seconds.ReplaceAllString(interpreted(t, context.Background(), ws, os.Environ(), tt.command, time.Minute), "9.99s")
			if got != tt.want {
				t.Errorf("run_command %q = %q, want %q", tt.command, got, tt.want)
			}
		})
	}
}

// TestInterpretedCommandBounds holds a command run from the gate's tree
// to day 4's bounds: its timeout kills the groups of all it started, and
// so does a cancel; what it leaves behind is killed; its output is capped
// as it streams; its environment has no secrets.
func TestInterpretedCommandBounds(t *testing.T) {
	const quick, long = 500 * time.Millisecond, 3 * waitDelay
	tests := []struct {
		name, body string
		timeout    time.Duration
		want       string // in the result
	}{
		{"runs past its timeout", "sleep 300 & echo $! > 1.pid; echo $$ > 2.pid; wait", quick, "killed: it ran past its timeout of 500ms"},
		{"ignores SIGTERM", "trap '' TERM; echo $$ > 1.pid; sleep 300", quick, "killed: it ran past its timeout"},
		{"leaves a child behind and ends", "sleep 300 & echo $! > 1.pid", long, "it left processes running that held its output open; they were killed"},
		{"prints for ever", "echo $$ > 1.pid; yes", quick, "bytes of output, the middle cut"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			ws := tree(t, nil)
			script(t, ws, "run.sh", tt.body)
			got := interpreted(t, context.Background(), ws, os.Environ(), "./run.sh", tt.timeout, "./run.sh")
			if !strings.Contains(got, tt.want) {
				t.Errorf("run_command ./run.sh {%s} = %q, want it to say %q", tt.body, shortLine(got), tt.want)
			}
			pids, _ := filepath.Glob(filepath.Join(ws.Dir(), "*.pid"))
			if len(pids) == 0 {
				t.Fatal("the script wrote no pid: it did not start in time")
			}
			for _, path := range pids {
				if data, err := os.ReadFile(path); err == nil && len(data) == 0 {
					continue // the kill came between the script opening this file and writing it
				}
				waitGone(t, filepath.Base(path), readPid(t, ws, filepath.Base(path)))
			}
		})
	}
}

// TestInterpretedCommandCancelled presses Ctrl-C, as it were, once the
// program says it is ready: it is stopped, with its child.
func TestInterpretedCommandCancelled(t *testing.T) {
	t.Parallel()
	ws := tree(t, nil)
	script(t, ws, "run.sh", "sleep 300 & echo $! > child.pid; echo $$ > self.pid; echo ready; wait")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	ctx = WithProgress(ctx, func(line string) {
		if line == "ready" {
			cancel()
		}
	})
	got := interpreted(t, ctx, ws, os.Environ(), "./run.sh", time.Minute, "./run.sh")
	if !strings.Contains(got, "stopped: the user cancelled it") {
		t.Errorf("the result is %q, want it to say the user stopped the command", got)
	}
	for _, name := range []string{"self.pid", "child.pid"} {
		waitGone(t, name, readPid(t, ws, name))
	}
}

// TestInterpretedCommandHidesSecrets checks that a program run from the
// tree gets run_command's scrubbed environment.
func TestInterpretedCommandHidesSecrets(t *testing.T) {
	ws := tree(t, nil)
	script(t, ws, "env.sh", "env")
	environ := []string{"PATH=" + os.Getenv("PATH"), "OPENAI_API_KEY=sk-abc=", "KEEP_ME=kept"}
	got := interpreted(t, context.Background(), ws, environ, "./env.sh", time.Minute, "./env.sh")
	if strings.Contains(got, "sk-abc=") || !strings.Contains(got, "KEEP_ME=kept") {
		t.Errorf("./env.sh shows the variables %s; want KEEP_ME=kept, and not the key sk-abc=", shown(got, environ))
	}
}

// TestRunCommandRefusesAnotherProgram gives run_command a program judged
// for another command than the one it is asked to run: it runs neither.
func TestRunCommandRefusesAnotherProgram(t *testing.T) {
	ws := tree(t, nil)
	d := approval.CheckCommand("ls", approval.DefaultRules(), ws.Dir())
	ctx := WithProgram(context.Background(), d.Program)
	got, err := NewRunCommand(ws, os.Environ(), sandbox.Default(ws.Dir())).Run(ctx, runArgs("touch x", 0))
	if err == nil || !strings.Contains(err.Error(), "not the one the approval gate judged") {
		t.Errorf("run_command touch x, with the program of ls = %q, %v; want a refusal", got, err)
	}
	if _, err := os.Stat(filepath.Join(ws.Dir(), "x")); err == nil {
		t.Error("touch x ran")
	}
}

// BenchmarkAllowedCommand runs one allowed command, a pipeline of two
// programs, both ways: from the gate's tree in the interpreter, with
// every command and open judged as it runs, and as text in sh -c, as a
// command the human approved runs. The difference is what running the
// judged tree costs a call.
//
//	go test -run XXX -bench AllowedCommand ./tools
func BenchmarkAllowedCommand(b *testing.B) {
	const command = "cat calc.go | grep -n calc"
	ws := tree(b, map[string]string{"calc.go": "package calc\n"})
	d := approval.CheckCommand(command, approval.DefaultRules(), ws.Dir())
	r := NewRunCommand(ws, os.Environ(), sandbox.Default(ws.Dir()))
	for _, bc := range []struct {
		name string
		ctx  context.Context
	}{
		{"the gate's tree", WithProgram(context.Background(), d.Program)},
		{"sh -c", context.Background()},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if out, err := r.run(bc.ctx, command, time.Minute); err != nil || !strings.HasPrefix(out, "1:package calc") {
					b.Fatalf("%q: %q, %v", command, out, err)
				}
			}
		})
	}
}
