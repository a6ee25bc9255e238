//go:build !unix

package session

import (
	"io/fs"
	"os"
)

// openNoFollow opens path as os.OpenFile does, but not when it is a
// symbolic link. Here no flag of the open refuses a link, so a look before
// the open does; named pipes do not live among a folder's files on
// Windows.
func openNoFollow(path string, flag int, perm fs.FileMode) (*os.File, error) {
	if err := notALink(path); err != nil {
		return nil, err
	}
	return os.OpenFile(path, flag, perm)
}

// notALink returns an error wrapping ErrLink, naming what path points
// to, when path is a symbolic link, and nil otherwise, a path that does
// not exist included.
func notALink(path string) error {
	info, err := os.Lstat(path)
	if err != nil || info.Mode()&fs.ModeSymlink == 0 {
		return nil
	}
	return notRegular(path, info)
}
