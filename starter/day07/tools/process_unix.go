//go:build unix

package tools

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"syscall"
)

// shellCommand returns the command that runs command in sh, in a session
// of its own. A new session is a new process group, whose id is the
// shell's pid: every process the command starts joins it unless it takes
// pains to leave, so one signal to the group reaches them all. The
// session also has no terminal: a command that asks for a password on
// /dev/tty fails at once instead of waiting for an answer no one gives,
// and Ctrl-C at the terminal reaches ply alone, which decides what to stop.
// When ctx is done, the whole group is killed.
func shellCommand(ctx context.Context, command string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "sh", "-c", command)
	ownGroup(cmd)
	cmd.Cancel = func() error { return killGroup(cmd) }
	return cmd
}

// ownGroup makes cmd start in a session of its own, as shellCommand's
// shell does: a process group to kill, and no terminal.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
}

// killGroup kills every process in cmd's process group at once, with
// SIGKILL, which no process can catch or ignore. There is no gentler
// SIGTERM first: the command has had its time, and a grace period would
// be a second timeout for a command that ignores the signal to run on in.
// It returns os.ErrProcessDone when no process is left in the group.
func killGroup(cmd *exec.Cmd) error {
	err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	if errors.Is(err, syscall.ESRCH) {
		return os.ErrProcessDone
	}
	return err
}
