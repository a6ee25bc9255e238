package tools

import (
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
)

// writeAtomic replaces the file name (a slash-separated path inside root)
// with what fill writes, so that anyone reading it sees the old file or
// the new one, never a mixture, and a crash or a failing fill leaves the
// old file as it was.
//
// fill writes into a new file beside name, in the same directory, so that
// the two are on the same file system. That file is flushed to the disk
// (Sync) before it is renamed over name in one step: without the flush, a
// power cut soon after the rename can leave the new name pointing at a
// file whose contents never reached the disk, an empty file on some file
// systems. The directory above is not synced: if a crash loses the rename,
// the old file is still there, whole.
//
// The new file keeps the permissions of the file it replaces; a new file
// gets perm, less the umask. The directories above name are made when they
// are missing. On Windows the rename fails, with an error, while another
// program holds the file open.
func writeAtomic(root *os.Root, name string, perm fs.FileMode, fill func(w io.Writer) error) error {
	old, err := root.Stat(name)
	replacing := err == nil
	if replacing {
		perm = old.Mode().Perm()
	}
	if err := root.MkdirAll(path.Dir(name), 0o755); err != nil {
		return err
	}
	temp, f, err := createTemp(root, path.Dir(name), perm)
	if err != nil {
		return err
	}
	err = fill(f)
	if err == nil && replacing {
		err = f.Chmod(perm) // exactly the old permissions, whatever the umask
	}
	if err == nil {
		err = f.Sync()
	}
	if closeErr := f.Close(); err == nil {
		err = closeErr
	}
	if err == nil {
		err = root.Rename(temp, name)
	}
	if err != nil {
		// The old file is untouched. Removing the half-written one may fail
		// too, and the error that matters is the first.
		_ = root.Remove(temp)
		return err
	}
	return nil
}

// createTemp creates a new, empty file in dir with a name no other file
// has, and opens it for writing. Its name starts with a dot, so that
// listings and globs pass over it in the moment it exists.
func createTemp(root *os.Root, dir string, perm fs.FileMode) (string, *os.File, error) {
	for range 10 {
		name := path.Join(dir, ".ply-"+rand.Text()[:12]+".tmp")
		f, err := root.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
		if errors.Is(err, fs.ErrExist) {
			continue // 60 random bits taken: astonishing, but try another
		}
		return name, f, err
	}
	return "", nil, fmt.Errorf("could not create a temporary file in %s", dir)
}
