package ui

import (
	"os"

	"github.com/mattn/go-isatty"
)

// IsTerminal reports whether f is a terminal rather than a pipe, a file
// or /dev/null. ply shows a prompt only to a person at a terminal. It asks
// the same question lipgloss asks before it uses colour.
func IsTerminal(f *os.File) bool {
	return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
}
