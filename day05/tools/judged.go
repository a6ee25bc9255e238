package tools

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"ply/day05/approval"
)

// A command the approval gate allowed by its rules comes with the tree the
// gate judged (approval.Program), and run_command runs that tree instead
// of handing the text to sh: a second parser would be a second reading of
// the command, and a way round the gate wherever the two differ. The tree
// travels in the call's context, as the progress reporter does, from the
// agent, which holds the gate's decision, to the tool, which never learns
// the gate's rules: the program checks itself as it runs.

// programKey is the context key of the program the gate judged.
type programKey struct{}

// WithProgram returns a context that carries p, the program the gate
// judged, to run_command, which runs it in place of the command's text.
// A nil p, for a command a human approved, leaves ctx as it is: then the
// command runs as the human read it, in sh.
func WithProgram(ctx context.Context, p *approval.Program) context.Context {
	if p == nil {
		return ctx
	}
	return context.WithValue(ctx, programKey{}, p)
}

// programFrom returns the program ctx carries, or nil.
func programFrom(ctx context.Context) *approval.Program {
	p, _ := ctx.Value(programKey{}).(*approval.Program)
	return p
}

// interpret runs p as shell runs a command: in the workspace, with t.env
// and no input, writing to out; in the sandbox, read-only when the rules
// of ply's own list allowed it; in a process group of its own, killed
// after timeout or when ctx is done, and once more when it ends. The
// process is ply itself, as the gate's helper (approval.Program.Helper),
// so that everything the interpreter does happens in the sandbox too, its
// redirections as well as the programs it starts. Without a sandbox,
// nothing runs: a command allowed without asking must be held by one.
func (t RunCommand) interpret(ctx context.Context, p *approval.Program, timeout time.Duration, out io.Writer) (ending, error) {
	if t.places == nil {
		return ending{}, errors.New("there is no sandbox, and a command allowed without asking runs only in one")
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd, outcome, err := p.Helper(ctx)
	if err != nil {
		return ending{}, err
	}
	ownGroup(cmd)
	cmd.Cancel = func() error { return killGroup(cmd) }
	cmd.Dir, cmd.Env = t.ws.Dir(), t.env
	cmd.Stdout, cmd.Stderr = out, out
	cmd.WaitDelay = waitDelay
	cleanup, err := t.start(cmd, p)
	if err != nil {
		outcome()
		return ending{}, fmt.Errorf("start the command: %w", err)
	}
	defer cleanup()
	end, err := wait(ctx, cmd, timeout)
	said := outcome()
	end.refused, end.leftBehind = said.Refused, end.leftBehind || said.LeftBehind
	return end, err
}
