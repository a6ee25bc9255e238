//go:build !windows

package lab

// exeSuffix ends the name of a program the go command builds here.
const exeSuffix = ""
