package sandbox

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
)

// sandboxExec is macOS's command that runs a program under a Seatbelt
// profile. Apple marks it deprecated, and still uses it, as the agents
// that sandbox on macOS do.
const sandboxExec = "/usr/bin/sandbox-exec"

// Supported returns nil when sandbox-exec is there to confine commands.
func Supported(p Policy) error {
	if _, err := os.Stat(sandboxExec); err != nil {
		return fmt.Errorf("no sandbox: %w", err)
	}
	return nil
}

// Start starts cmd, as cmd.Start does, under sandbox-exec with p's
// profile: the program becomes sandbox-exec's argument, and the profile
// binds it and everything it starts.
func Start(cmd *exec.Cmd, p Policy) error {
	if err := Supported(p); err != nil {
		return err
	}
	real := Policy{Name: p.Name, Network: p.Network}
	for _, r := range p.Rules {
		if path, err := filepath.EvalSymlinks(r.Path); err == nil {
			real.Rules = append(real.Rules, Rule{path, r.Access})
		}
	}
	args := append([]string{sandboxExec, "-p", SeatbeltProfile(real), cmd.Path}, cmd.Args[1:]...)
	cmd.Path, cmd.Args = sandboxExec, args
	return cmd.Start()
}
