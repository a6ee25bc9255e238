package ui

import "os"

// IsTerminal reports whether f is a terminal (a character device) rather
// than a pipe or a file. ply shows a prompt only to a person at a terminal.
func IsTerminal(f *os.File) bool {
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}
