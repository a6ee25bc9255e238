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
