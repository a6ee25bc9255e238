//go:build !unix && !windows

package tools

import (
	"context"
	"os/exec"
)

// shellCommand returns the command that runs command in sh. On this
// system ply knows no process groups: when ctx is done, the shell alone is
// killed, and what it started may run on.
func shellCommand(ctx context.Context, command string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "sh", "-c", command)
	cmd.Cancel = func() error { return killGroup(cmd) }
	return cmd
}

// ownGroup leaves cmd as it is: there are no process groups here.
func ownGroup(*exec.Cmd) {}

// killGroup kills the shell of cmd.
func killGroup(cmd *exec.Cmd) error {
	return cmd.Process.Kill()
}
