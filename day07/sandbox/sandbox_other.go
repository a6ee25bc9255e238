//go:build !linux && !darwin

package sandbox

import (
	"errors"
	"os/exec"
	"runtime"
)

// Supported returns why this system has no sandbox for ply.
func Supported(p Policy) error {
	return errors.New("ply has no sandbox on " + runtime.GOOS)
}

// Start starts nothing: there is no sandbox here.
func Start(cmd *exec.Cmd, p Policy) error {
	return Supported(p)
}
