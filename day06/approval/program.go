package approval

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"sync"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// Program is a command the gate allowed without asking, as the gate
// judged it: the tree it read, and the judge that read it. run_command
// runs a Program with Run, never its text with sh -c. A second parser
// between the decision and the run would be a second reading of the
// command, and where two readings differ (a backslash before a new line
// in a comment, say, which ends the comment for sh and not for the
// parser), the gate approves words the shell never runs and the shell
// runs words the gate never saw. Run has no parser: it interprets the
// very tree that was judged.
//
// The tree says what runs but not with what: a glob, a brace and a file
// that became a link since are known only as the program runs. So every
// simple command is judged again, by the same rules, on the words it is
// about to run with, and so is every file it opens.
type Program struct {
	Command string       // the command line, as the model wrote it
	file    *syntax.File // the tree the gate judged
	judge   *checker     // the rules and the workspace it was judged by
}

// Host is what the tool that runs a Program gives it.
type Host struct {
	Dir string    // the workspace the tool works in, which must be the one the program was judged in
	Env []string  // the environment of every program started, "NAME=value", whatever the command sets
	Out io.Writer // where the programs write, output and errors merged

	// Exec starts cmd, waits for it to end and returns its exit status,
	// or an error when it could not start. It kills the program, and all
	// it started, when ctx is done: the tool owns process groups and
	// timeouts.
	Exec func(ctx context.Context, cmd *exec.Cmd) (int, error)
}

// Run interprets the program in the workspace, with no input, and
// returns the exit status of its last command. When the gate refuses a
// command or an open as it is about to happen, nothing of it happens,
// the program stops there, and refused says why; the status is then 1.
// err is for a program that could not be started at all.
//
// Each program started gets h.Env, not the variables the command set,
// and git gets a configuration that cannot start a program (see git.go).
func (p *Program) Run(ctx context.Context, h Host) (status int, refused string, err error) {
	if h.Dir != p.judge.workspace {
		return 0, "", fmt.Errorf("the command was judged in %q, and would run in %q", p.judge.workspace, h.Dir)
	}
	ctx, stop := context.WithCancel(ctx)
	defer stop() // a command left running in the background stops with the run
	stdin, err := os.Open(os.DevNull)
	if err != nil {
		return 0, "", fmt.Errorf("open %s for the command's input: %w", os.DevNull, err)
	}
	defer stdin.Close()
	r := &run{program: p, host: h, stop: stop, out: &closingWriter{w: h.Out}}
	defer r.out.close() // nothing written after the run returns reaches the tool
	runner, err := interp.New(
		interp.Dir(h.Dir),
		interp.Env(expand.ListEnviron(h.Env...)),
		interp.StdIO(stdin, r.out, r.out),
		interp.CallHandler(r.call),
		interp.ExecHandlers(func(interp.ExecHandlerFunc) interp.ExecHandlerFunc { return r.exec }), // in place of the default
		interp.OpenHandler(r.open),
		interp.ReadDirHandler2(r.readDir),
	)
	if err != nil {
		return 0, "", fmt.Errorf("set up the interpreter: %w", err)
	}
	err = runner.Run(ctx, p.file)
	if why := r.refusal(); why != "" {
		return 1, why, nil
	}
	var code interp.ExitStatus
	if err == nil || errors.As(err, &code) {
		return int(code), "", nil
	}
	return 0, "", err
}

// ReadOnly reports whether every command of p was allowed by a rule of
// ply's own list, whose commands only read: then p runs in the read-only
// sandbox. A command that a rule of the user's allowed makes p run as a
// command a human approved runs.
func (p *Program) ReadOnly() bool {
	readOnly := true
	p.calls(func(words []string) {
		if rule, ok := p.judge.rule(words); ok && !rule.readOnly {
			readOnly = false
		}
	})
	return readOnly
}

// Programs returns the names of the programs p may start, each once, in
// order: the first word of each simple command that is not a builtin of
// the shell. The read-only sandbox lets these start, and no other.
func (p *Program) Programs() []string {
	var names []string
	p.calls(func(words []string) {
		if !interp.IsBuiltin(words[0]) && !slices.Contains(names, words[0]) {
			names = append(names, words[0])
		}
	})
	return names
}

// calls calls f with the words of each simple command of p, as written.
func (p *Program) calls(f func(words []string)) {
	syntax.Walk(p.file, func(n syntax.Node) bool {
		if call, ok := n.(*syntax.CallExpr); ok {
			if words, ok := literals(call.Args); ok && len(words) > 0 {
				f(words)
			}
		}
		return true
	})
}

// run is one run of a program.
type run struct {
	program *Program
	host    Host
	stop    context.CancelFunc // ends the run: called at the first refusal
	out     *closingWriter

	mu      sync.Mutex // guards refused: the parts of a pipeline run at once
	refused string     // the first refusal, "" while there is none
}

// refuse stops the run because of why, and returns the error that makes
// the interpreter stop too. The first reason is written where the
// programs write, so that the model reads it where it happened.
func (r *run) refuse(why string) error {
	r.mu.Lock()
	first := r.refused == ""
	if first {
		r.refused = why
	}
	r.mu.Unlock()
	if first {
		fmt.Fprintf(r.out, "ply: refused as it ran: %s\n", why)
	}
	r.stop()
	return refusedError(why)
}

// refusal returns the run's first refusal, or "".
func (r *run) refusal() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.refused
}

// refusedError is the error a handler returns to stop the interpreter.
// It is no *os.PathError, which the interpreter would print and go on
// after.
type refusedError string

func (e refusedError) Error() string { return string(e) }

// closingWriter passes writes on to w, one at a time, until it is
// closed. The parts of a pipeline write at once, and a command left in the
// background may write after the run has returned; neither may reach w
// then.
type closingWriter struct {
	mu     sync.Mutex // guards w and closed
	w      io.Writer
	closed bool
}

func (c *closingWriter) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return len(p), nil // the run is over: the output goes nowhere, and the writer need not know
	}
	return c.w.Write(p)
}

func (c *closingWriter) close() {
	c.mu.Lock()
	c.closed = true
	c.mu.Unlock()
}
