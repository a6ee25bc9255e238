//go:build unix

package session

import (
	"io/fs"
	"os"
	"syscall"
)

// openNoFollow opens path as os.OpenFile does, but refuses a symbolic
// link (ELOOP) instead of following it, and returns at once on a named
// pipe instead of waiting for its other end.
func openNoFollow(path string, flag int, perm fs.FileMode) (*os.File, error) {
	return os.OpenFile(path, flag|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, perm)
}
