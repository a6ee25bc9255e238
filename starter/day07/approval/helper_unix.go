//go:build unix

package approval

import (
	"os"
	"syscall"
)

// keepFromPrograms keeps f, a file the helper was given, from the
// programs it starts: without close-on-exec, every program would inherit
// it, and a program left running would hold it open.
func keepFromPrograms(f *os.File) {
	syscall.CloseOnExec(int(f.Fd()))
}

// exitStatus returns how a program ended as a shell counts it: its exit
// code, or 128 and the signal's number when a signal ended it.
func exitStatus(state *os.ProcessState) int {
	if ws, ok := state.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return state.ExitCode()
}
