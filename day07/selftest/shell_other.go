//go:build !unix

package selftest

import "errors"

// needShell returns why the checks that run shell commands cannot run
// here: they are written for sh, and run_command runs cmd.exe on Windows.
func needShell() error {
	return errors.New("this check runs commands of a unix shell; on Windows, run the self-check under WSL")
}

// alive is never called where needShell fails.
func alive(int) bool { return false }
