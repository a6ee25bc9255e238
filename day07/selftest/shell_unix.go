//go:build unix

package selftest

import (
	"bytes"
	"fmt"
	"os"
	"syscall"
)

// needShell returns why the checks that run shell commands cannot run
// here: on unix, nothing stops them.
func needShell() error { return nil }

// alive reports whether the process pid is running. A zombie (dead, but
// not yet reaped by the parent it was handed to) does not count: where
// the first process of a container does not reap orphans, zombies stay.
func alive(pid int) bool {
	if syscall.Kill(pid, 0) != nil {
		return false
	}
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return true // no /proc here; the signal said it is there
	}
	// The state follows the command's name in parentheses: "42 (sleep) Z …".
	i := bytes.LastIndexByte(stat, ')')
	return i < 0 || i+2 >= len(stat) || stat[i+2] != 'Z'
}
