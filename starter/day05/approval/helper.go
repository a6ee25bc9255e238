package approval

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"runtime"
	"sync/atomic"
	"time"
)

// A command the gate allowed by its rules runs in a process of its own,
// which the tool starts in the kernel's sandbox: ply itself, started again
// with the one argument helperArg. Everything the interpreter does
// happens in that process, its redirections and builtins as well as every
// program it starts, and the kernel holds each file they open to the
// sandbox's rules.
//
// The helper is told the command, the workspace and the rules, and
// nothing else. It reads the command again with the same parser of the
// same binary, so its tree is the one the gate judged; it judges it again
// by the same rules, and runs it only if it is allowed again.

// helperArg is the argument ply is started with to be the helper. An
// argument, not a name: on macOS the sandbox starts the program, and
// names it by its path.
const helperArg = "ply-judged-command"

// maxRequest bounds what the helper reads of its request: the command is
// at most maxCommand bytes, and the rules are a few lines.
const maxRequest = 1 << 20

// maxOutcome bounds what the helper says of a run.
const maxOutcome = 8 << 10

// init lets every program that imports the gate be the helper: ply, and
// the test binaries of the packages that run commands. Started with
// helperArg alone, it serves the request on its input, exits, and never
// reaches its main.
func init() {
	if len(os.Args) == 2 && os.Args[1] == helperArg {
		os.Exit(serve(os.Stdin, os.Stdout, os.NewFile(3, "outcome")))
	}
}

// request is what the helper is told, as JSON on its input.
type request struct {
	Command   string        `json:"command"`
	Workspace string        `json:"workspace"`
	Rules     []requestRule `json:"rules"`
}

// requestRule is a Rule as the helper is told it.
type requestRule struct {
	Words    []string `json:"words"`
	ReadOnly bool     `json:"read_only,omitempty"`
}

// Outcome is what the helper says of a run, besides its exit status and
// its output.
type Outcome struct {
	Refused    string `json:"refused,omitempty"`     // why the gate stopped the run as it ran, or ""
	LeftBehind bool   `json:"left_behind,omitempty"` // a program ended, but left others that held its output open
}

// Helper returns the command that runs p as the helper. The caller sets
// its folder (the workspace), its environment (the programs') and its
// output; starts it in the sandbox; and then calls outcome once, after the
// command has ended or failed to start, for what the helper said of the
// run. A helper that was killed said nothing.
func (p *Program) Helper(ctx context.Context) (cmd *exec.Cmd, outcome func() Outcome, err error) {
	self, err := executable()
	if err != nil {
		return nil, nil, fmt.Errorf("find ply's own program: %w", err)
	}
	req := request{Command: p.Command, Workspace: p.judge.workspace}
	for _, r := range p.judge.rules {
		req.Rules = append(req.Rules, requestRule{Words: r.words, ReadOnly: r.readOnly})
	}
	data, err := json.Marshal(req)
	if err != nil {
		return nil, nil, err
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	cmd = exec.CommandContext(ctx, self)
	cmd.Args = []string{"ply", helperArg}
	cmd.Stdin = bytes.NewReader(data)
	cmd.ExtraFiles = []*os.File{w} // the helper's file 3: where it tells the Outcome
	outcome = func() Outcome {
		w.Close()
		defer r.Close()
		var o Outcome
		_ = json.NewDecoder(io.LimitReader(r, maxOutcome)).Decode(&o) // nothing, or a broken line: the helper was killed
		return o
	}
	return cmd, outcome, nil
}

// executable returns the path of the running ply. On Linux it is
// /proc/self/exe, which stays this very binary when the file is replaced
// while ply runs: the helper is the same parser, not a newer build.
func executable() (string, error) {
	if runtime.GOOS == "linux" {
		return "/proc/self/exe", nil
	}
	return os.Executable()
}

// serve is the helper: it reads the request on in, judges its command
// again, runs it with its output on out, and returns its exit status. The
// Outcome goes to outcomes, as one line of JSON.
func serve(in io.Reader, out io.Writer, outcomes *os.File) int {
	keepFromPrograms(outcomes)
	defer outcomes.Close()
	var o Outcome
	defer func() { _ = json.NewEncoder(outcomes).Encode(o) }()
	var req request
	if err := json.NewDecoder(io.LimitReader(in, maxRequest)).Decode(&req); err != nil {
		fmt.Fprintf(out, "ply: the command to run cannot be read: %v\n", err)
		return 126
	}
	rules := make([]Rule, len(req.Rules))
	for i, r := range req.Rules {
		rules[i] = Rule{words: r.Words, readOnly: r.ReadOnly}
	}
	d := CheckCommand(req.Command, rules, req.Workspace)
	if d.Verdict != Allow {
		o.Refused = "judged again as it started, it is not allowed: " + d.Reason
		fmt.Fprintf(out, "ply: refused as it ran: %s\n", o.Refused)
		return 1
	}
	var left atomic.Bool
	run := func(ctx context.Context, cmd *exec.Cmd) (int, error) { return runProgram(ctx, cmd, &left) }
	status, refused, err := d.Program.Run(context.Background(), Host{Dir: req.Workspace, Env: os.Environ(), Out: out, Exec: run})
	if err != nil {
		fmt.Fprintf(out, "ply: %v\n", err)
		return 126
	}
	o.Refused, o.LeftBehind = refused, left.Load()
	return status
}

// programWaitDelay is how long a program's output may stay open after it
// ended: a child it left behind may hold it. Then it is closed.
const programWaitDelay = time.Second

// runProgram is the helper's Host.Exec: it starts cmd, waits for it and
// returns its exit status. A program the run no longer wants (ctx is done:
// the gate refused a later part) is killed. Whatever it started stays in
// the helper's process group, which the tool kills when the command ends;
// when that held the program's output open, left is set.
func runProgram(ctx context.Context, cmd *exec.Cmd, left *atomic.Bool) (int, error) {
	cmd.WaitDelay = programWaitDelay
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	stop := context.AfterFunc(ctx, func() { _ = cmd.Process.Kill() }) // an error means it has ended
	err := cmd.Wait()
	stop()
	if cmd.ProcessState == nil {
		return 0, err
	}
	if errors.Is(err, exec.ErrWaitDelay) {
		left.Store(true)
	}
	return exitStatus(cmd.ProcessState), nil
}
