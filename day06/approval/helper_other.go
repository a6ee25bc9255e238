//go:build !unix

package approval

import "os"

// Elsewhere the helper never runs: on Windows every command asks (see
// Gate.judge), and a command a human approved runs in the system's shell.

func keepFromPrograms(*os.File) {}

func exitStatus(state *os.ProcessState) int { return state.ExitCode() }
