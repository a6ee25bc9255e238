package tools

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"

	"ply/day07/approval"
	"ply/day07/sandbox"
)

// start starts cmd in the sandbox. A program the gate judged (judged is
// not nil) and allowed by the rules of ply's own list is read-only: it
// reads the workspace and runs only the programs the gate judged. Any
// other command is confined to the policy of an approved command: it
// writes the workspace and a temporary folder of its own, which it gets
// as TMPDIR, and no other place. cleanup removes that folder once the
// command has ended. Without a sandbox (t.places is nil) cmd starts as it
// is, and cleanup does nothing.
func (t RunCommand) start(cmd *exec.Cmd, judged *approval.Program) (cleanup func(), err error) {
	if t.places == nil {
		return func() {}, cmd.Start()
	}
	if judged != nil && judged.ReadOnly() {
		policy := t.places.ReadOnly(programFiles(cmd.Path, judged.Programs(), cmd.Env))
		return func() {}, sandbox.Start(cmd, policy)
	}
	temp, err := os.MkdirTemp("", "ply-command-")
	if err != nil {
		return nil, fmt.Errorf("a temporary folder for the command: %w", err)
	}
	cleanup = func() { _ = os.RemoveAll(temp) }     // the command's leftovers; an error leaves them to the system
	cmd.Env = setEnv(cmd.Environ(), "TMPDIR", temp) // Environ: a nil Env is ply's own environment
	policy := t.places.WorkspaceWrite(temp)
	if judged != nil {
		policy.Rules = append(policy.Rules, sandbox.Rule{Path: cmd.Path, Access: sandbox.Read | sandbox.Execute}) // the helper: ply
	}
	if err := sandbox.Start(cmd, policy); err != nil {
		cleanup()
		return nil, err
	}
	return cleanup, nil
}

// programFiles returns the files the read-only sandbox lets start: the
// helper, ply's own program, and each of names as the PATH of env finds
// it, as the helper will. A name it does not find gets no file, and
// cannot start; nor can one found through a folder of PATH that is not
// absolute, such as ".": it would be a file of the workspace.
func programFiles(helper string, names, env []string) []string {
	files := []string{helper}
	for _, name := range names {
		if path := lookPath(name, env); path != "" {
			files = append(files, path)
		}
	}
	return files
}

// lookPath returns the first file called name in a folder of the PATH of
// env that may be run, or "".
func lookPath(name string, env []string) string {
	for _, entry := range slices.Backward(env) { // the last PATH= counts, as exec's Environ keeps it
		value, ok := strings.CutPrefix(entry, "PATH=")
		if !ok {
			continue
		}
		for _, dir := range filepath.SplitList(value) {
			path := filepath.Join(dir, name)
			if info, err := os.Stat(path); filepath.IsAbs(dir) && err == nil && info.Mode().IsRegular() && info.Mode()&0o111 != 0 {
				return path
			}
		}
		return ""
	}
	return ""
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
	network := "opens no network connection"
	if t.places.Network {
		network = "may use the network"
	}
	return " The command runs in a sandbox: it reads the workspace and the system's programs, " +
		"and cannot read other processes, nor the home folder but for the build caches and git's settings. " +
		"One the approval gate allows without asking writes nothing; " +
		"one the user approves writes only the workspace, $TMPDIR and the build caches, and " + network + "."
}
