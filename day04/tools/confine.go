package tools

import (
	"fmt"
	"os"
	"os/exec"
	"strings"

	"ply/day04/sandbox"
)

// start starts cmd in the sandbox, confined to the policy of an approved
// command: it writes the workspace and a temporary folder of its own,
// which it gets as TMPDIR, and no other place. cleanup removes that
// folder once the command has ended. Without a sandbox (t.places is nil)
// cmd starts as it is, and cleanup does nothing.
func (t RunCommand) start(cmd *exec.Cmd) (cleanup func(), err error) {
	if t.places == nil {
		return func() {}, cmd.Start()
	}
	temp, err := os.MkdirTemp("", "ply-command-")
	if err != nil {
		return nil, fmt.Errorf("a temporary folder for the command: %w", err)
	}
	cleanup = func() { _ = os.RemoveAll(temp) }     // the command's leftovers; an error leaves them to the system
	cmd.Env = setEnv(cmd.Environ(), "TMPDIR", temp) // Environ: a nil Env is ply's own environment
	if err := sandbox.Start(cmd, t.places.WorkspaceWrite(temp)); err != nil {
		cleanup()
		return nil, err
	}
	return cleanup, nil
}

// setEnv returns env with name set to value, in place of any value it had.
func setEnv(env []string, name, value string) []string {
	kept := make([]string, 0, len(env)+1)
	for _, entry := range env {
		if !strings.HasPrefix(entry, name+"=") {
			kept = append(kept, entry)
		}
	}
	return append(kept, name+"="+value)
}

// confinement returns what the model is told of the sandbox, to read a
// refusal right: "Permission denied" outside the workspace is the sandbox,
// not a broken file.
func (t RunCommand) confinement() string {
	if t.places == nil {
		return ""
	}
	network := "It opens no network connection."
	if t.places.Network {
		network = "It may use the network."
	}
	return " The command runs in a sandbox: it reads the workspace and the system's programs, " +
		"writes only the workspace, $TMPDIR and the build caches, and cannot read other processes, " +
		"nor the home folder but for the build caches and git's settings. " + network
}
