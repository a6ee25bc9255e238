//go:build !(unix && !aix && !solaris) && !windows

package session

import (
	"errors"
	"os"
)

// tryLock cannot lock a file on this system with the standard library
// alone, and says so: a session that two processes could write at once
// is worse than no session at all.
func tryLock(*os.File) (bool, error) {
	return false, errors.ErrUnsupported
}

// unlock has no lock to drop.
func unlock(*os.File) error { return nil }
