package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"

	"ply/day06/sandbox"
)

// RunCommand runs a shell command in the workspace: sh -c on unix, cmd /C
// on Windows. It is the most powerful tool ply has. The approval gate
// stands between the model and it: a command the gate allowed by its
// rules comes with the tree the gate judged, and runs from it (see
// judged.go). And the kernel bounds what a command can reach: it runs in
// a sandbox (see confine.go), read-only when the gate allowed it without
// asking, and writing the workspace when a human approved it.
type RunCommand struct {
	ws     *Workspace
	env    []string        // the command's environment: ply's, less its secrets
	places *sandbox.Places // what the sandbox is made of; nil: there is none, and commands run with the user's rights
}

// NewRunCommand returns run_command for ws. The commands it runs get
// environ, entries "NAME=value" as os.Environ returns them, without the
// variables that hold secrets, and run confined to the places' policy for
// an approved command (sandbox.Places.WorkspaceWrite), or, when places is
// nil, with all the user's rights.
func NewRunCommand(ws *Workspace, environ []string, places *sandbox.Places) RunCommand {
	return RunCommand{ws: ws, env: scrubEnv(environ), places: places}
}

// The time a command may take. Two minutes is enough for the usual
// commands of an agent (tests, builds, linters) on a warm cache, and a
// cold build of a middle-sized Go or TypeScript project; a model that
// knows better asks for more, up to ten minutes. A command that needs
// longer (a server in the foreground, a prompt that waits for an answer)
// is better stopped: the user waits for it, and can stop it sooner with
// Ctrl-C.
const (
	defaultTimeout = 2 * time.Minute
	maxTimeout     = 10 * time.Minute
)

// waitDelay is how long a command's output may stay open after the
// command has ended or been killed: a child it started in the background,
// or one that escaped its process group, may hold it open for ever. Then
// the pipe is closed, and whatever is left in the group is killed.
const waitDelay = time.Second

// maxCommandSize bounds the command itself; a longer one is a script,
// which write_file can write and run_command can run.
const maxCommandSize = 16 << 10

func (RunCommand) Name() string { return "run_command" }

// ReadOnly is false: a command can do anything the user can, so the
// approval gate judges each one before it runs.
func (RunCommand) ReadOnly() bool { return false }

func (t RunCommand) Description() string {
	return "Run a shell command in the workspace (sh -c on unix, cmd /C on Windows) and return its output, " +
		"standard output and standard error merged, and its exit code. The command reads no input. " +
		fmt.Sprintf("It is stopped, with everything it started, after timeout_s seconds (%d by default, at most %d). ",
			int(defaultTimeout.Seconds()), int(maxTimeout.Seconds())) +
		"A long output keeps only its head and tail." + t.confinement()
}

func (RunCommand) Schema() json.RawMessage {
	return json.RawMessage(`{
	"type": "object",
	"properties": {
		"command": {"type": "string", "description": "the command line, such as go test ./..."},
		"timeout_s": {"type": "integer", "description": "seconds before the command is stopped; 120 when left out, at most 600"}
	},
	"required": ["command"]
}`)
}

// runCommandArgs are run_command's arguments, as its schema describes them.
type runCommandArgs struct {
	Command  string `json:"command"`
	TimeoutS int    `json:"timeout_s,omitempty"` // 0: defaultTimeout
}

func (RunCommand) Args() any { return new(runCommandArgs) }

func (t RunCommand) Run(ctx context.Context, args json.RawMessage) (string, error) {
	var a runCommandArgs
	if err := decodeArgs(args, &a); err != nil {
		return "", err
	}
	timeout, err := a.timeout()
	switch {
	case err != nil:
		return "", err
	case strings.TrimSpace(a.Command) == "":
		return "", errors.New("command is required")
	case len(a.Command) > maxCommandSize:
		return "", fmt.Errorf("the command is %d bytes, more than run_command takes (%d KiB); write a script with write_file and run that", len(a.Command), maxCommandSize>>10)
	case strings.ContainsRune(a.Command, 0):
		return "", errors.New("the command holds a NUL byte, which no shell can take")
	}
	if p := programFrom(ctx); p != nil && p.Command != a.Command {
		return "", errors.New("the command is not the one the approval gate judged") // a caller's mistake, refused
	}
	return t.run(ctx, a.Command, timeout)
}

// run runs command for at most timeout, from the tree the gate judged
// when ctx carries one (WithProgram), and returns what the model reads:
// the output, cut to its head and tail when it is long, and a last line
// that says how the command ended.
func (t RunCommand) run(ctx context.Context, command string, timeout time.Duration) (string, error) {
	out := newCapture(headBytes, tailBytes)
	var w io.Writer = out
	if report := ProgressFrom(ctx); report != nil {
		w = io.MultiWriter(out, &lineReporter{report: report})
	}
	start := time.Now()
	var end ending
	var err error
	if program := programFrom(ctx); program != nil {
		end, err = t.interpret(ctx, program, timeout, w)
	} else {
		end, err = t.shell(ctx, command, timeout, w)
	}
	if err != nil {
		return "", err
	}
	end.elapsed, end.total, end.cut = time.Since(start), out.total, out.cut() > 0
	output := out.String()
	if output == "" {
		output = "(no output)\n"
	}
	if !strings.HasSuffix(output, "\n") {
		output += "\n"
	}
	return output + end.String(), nil
}

// timeout returns how long the command may run.
func (a runCommandArgs) timeout() (time.Duration, error) {
	switch {
	case a.TimeoutS == 0:
		return defaultTimeout, nil
	case a.TimeoutS < 0 || a.TimeoutS > int(maxTimeout.Seconds()):
		return 0, fmt.Errorf("timeout_s is %d; it must be between 1 and %d seconds", a.TimeoutS, int(maxTimeout.Seconds()))
	}
	return time.Duration(a.TimeoutS) * time.Second, nil
}

// shell runs command and says how it ended. The command runs in the
// workspace with t.env, reads from the null device, and writes its output
// and its errors to out. It runs in the sandbox (see confine.go), in a
// process group of its own (a job of its own is beyond us on Windows; see
// process_windows.go), and the whole group is killed when timeout passes
// or ctx is cancelled, children and grandchildren included, and once more
// when the command ends, to take with it anything it left running. The
// error is for a command that could not be started at all.
func (t RunCommand) shell(ctx context.Context, command string, timeout time.Duration, out io.Writer) (ending, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := shellCommand(ctx, command)
	cmd.Dir, cmd.Env = t.ws.Dir(), t.env
	cmd.Stdout, cmd.Stderr = out, out // one writer: os/exec calls it from one goroutine at a time
	cmd.WaitDelay = waitDelay
	cleanup, err := t.start(cmd, nil)
	if err != nil {
		return ending{}, fmt.Errorf("start the shell: %w", err)
	}
	defer cleanup()
	return wait(ctx, cmd, timeout)
}

// wait waits for cmd, started in a process group of its own that is
// killed when ctx is done, and says how it ended; ctx ends after timeout.
// What is left of the group is killed.
func wait(ctx context.Context, cmd *exec.Cmd, timeout time.Duration) (ending, error) {
	err := cmd.Wait()
	_ = killGroup(cmd) // what is left; an error means nothing was
	var end ending
	switch {
	case cmd.ProcessState == nil:
		return ending{}, fmt.Errorf("wait for %s: %w", cmd.Args[0], err)
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		end.timedOut = timeout
	case ctx.Err() != nil:
		end.cancelled = true
	case errors.Is(err, exec.ErrWaitDelay):
		end.leftBehind = true
	}
	end.state = cmd.ProcessState.String()
	end.code = cmd.ProcessState.ExitCode()
	return end, nil
}

// ending is how a command ended, for the last line of its result.
type ending struct {
	code       int           // the exit code; -1 when a signal ended it
	state      string        // the process state, such as "signal: killed"
	timedOut   time.Duration // the timeout it ran past, or 0
	cancelled  bool          // the user stopped it
	refused    string        // why the gate stopped it as it ran, or ""
	leftBehind bool          // it ended, but left processes that held its output open
	elapsed    time.Duration // how long it ran
	total      int64         // the bytes of output it wrote
	cut        bool          // the middle of the output was left out
}

// String writes the ending as one line in parentheses, which the model
// reads after the output: "(exit code 1 · 0.61s)".
func (e ending) String() string {
	var parts []string
	switch {
	case e.timedOut > 0:
		parts = append(parts, fmt.Sprintf("killed: it ran past its timeout of %v, and its process group was killed with it", e.timedOut))
	case e.cancelled:
		parts = append(parts, "stopped: the user cancelled it, and its process group was stopped with it")
	case e.refused != "":
		parts = append(parts, "stopped: the approval gate refused, as it ran, "+e.refused)
	case e.code >= 0:
		parts = append(parts, fmt.Sprintf("exit code %d", e.code))
	default:
		parts = append(parts, "ended by a "+e.state)
	}
	parts = append(parts, fmt.Sprintf("%.2fs", e.elapsed.Seconds()))
	if e.cut {
		parts = append(parts, fmt.Sprintf("%d bytes of output, the middle cut", e.total))
	}
	if e.leftBehind {
		parts = append(parts, "it left processes running that held its output open; they were killed")
	}
	return "(" + strings.Join(parts, " · ") + ")"
}
