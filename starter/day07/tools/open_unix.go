//go:build unix

package tools

import "syscall"

// The flags that keep an open from waiting (see open.go).
const (
	noWait  = syscall.O_NONBLOCK  // a named pipe opens at once, writer or not
	dirOnly = syscall.O_DIRECTORY // anything but a directory fails to open, before the open does anything
)
