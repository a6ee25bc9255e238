package tools

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sync"
	"time"

	"ply/day06/approval"
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

// interpret runs p with the bounds shell gives a command: it ends after
// timeout or when ctx is done, its programs start in process groups of
// their own and every group is killed then, and once more when the run
// ends; they get t.env and no input, and write to out.
func (t RunCommand) interpret(ctx context.Context, p *approval.Program, timeout time.Duration, out io.Writer) (ending, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	var started processes
	status, refused, err := p.Run(ctx, approval.Host{Dir: t.ws.Dir(), Env: t.env, Out: out, Exec: started.run})
	started.killAll() // what is left, started in the background
	if err != nil {
		return ending{}, err
	}
	end := ending{code: status, refused: refused, leftBehind: started.leftBehind}
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		end.timedOut = timeout
	case ctx.Err() != nil:
		end.cancelled = true
	}
	return end, nil
}

// processes are the programs of one run, each in a process group of its
// own, so that killing them takes all they started too.
type processes struct {
	mu         sync.Mutex // guards the fields: the parts of a pipeline start at once
	cmds       []*exec.Cmd
	over       bool // killAll was called: nothing more may start
	leftBehind bool // a program ended but left others that held its output open
}

// run starts cmd in a group of its own and waits for it, killing its
// group when ctx is done. It returns the exit status: the code, or 128
// and the signal for a program a signal ended, as a shell counts it.
func (ps *processes) run(ctx context.Context, cmd *exec.Cmd) (int, error) {
	ownGroup(cmd)
	cmd.WaitDelay = waitDelay
	ps.mu.Lock()
	err := errors.New("the command has ended")
	if !ps.over && ctx.Err() == nil {
		err = cmd.Start() // under the lock, so that killAll cannot miss it
	}
	if err == nil {
		ps.cmds = append(ps.cmds, cmd)
	}
	ps.mu.Unlock()
	if err != nil {
		return 0, fmt.Errorf("start: %w", err)
	}
	stop := context.AfterFunc(ctx, func() { _ = killGroup(cmd) }) // an error means the group is gone already
	err = cmd.Wait()
	stop()
	if cmd.ProcessState == nil {
		return 0, fmt.Errorf("wait: %w", err)
	}
	if errors.Is(err, exec.ErrWaitDelay) {
		ps.mu.Lock()
		ps.leftBehind = true
		ps.mu.Unlock()
	}
	return exitStatus(cmd.ProcessState), nil
}

// killAll kills every group the run started, and lets no more start.
func (ps *processes) killAll() {
	ps.mu.Lock()
	defer ps.mu.Unlock()
	ps.over = true
	for _, cmd := range ps.cmds {
		_ = killGroup(cmd) // an error means the group is gone already
	}
}
