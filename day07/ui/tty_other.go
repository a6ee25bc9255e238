//go:build !linux && !darwin

package ui

// terminalLine is how many bytes one line of a terminal holds in
// canonical mode; 0 where ply does not know, and does not check.
const terminalLine = 0
