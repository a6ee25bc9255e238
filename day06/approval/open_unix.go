//go:build unix

package approval

import "syscall"

// noWait keeps an open from waiting: a named pipe opens at once, writer
// or not, and the look at what was opened refuses it.
const noWait = syscall.O_NONBLOCK
