package session

import (
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// repairSuffix ends the name of the file a repair writes, beside the log,
// before renaming it over the log.
const repairSuffix = ".repair"

// repair cuts a torn last line off the log at path, keeping its first
// keep bytes. It never changes the log in place: the good part is copied,
// byte for byte, to a .repair file beside it, which is synced and then
// renamed over the log in one atomic step. A crash at any moment leaves
// the old log or the repaired one, never half of each, and at worst a
// .repair file, which the next resume removes.
func repair(path string, keep int64) error {
	tmp := path + repairSuffix
	if err := copyStart(tmp, path, keep); err != nil {
		os.Remove(tmp) // the error that matters is copyStart's
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		os.Remove(tmp)
		return err
	}
	syncDir(filepath.Dir(path))
	return nil
}

// copyStart writes the first n bytes of the file src to a new file dst,
// and syncs it.
func copyStart(dst, src string, n int64) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	_, err = io.CopyN(out, in, n)
	if err == nil {
		err = out.Sync()
	}
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}

// syncDir asks for a rename in dir to be on disk, as far as the system
// allows: Windows cannot open a folder to sync it, and there the rename is
// as durable as the system makes it. The repair has happened either way,
// so syncDir has nothing to report.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// removeLeftover removes the .repair file of the log at path that a
// repair cut short may have left.
func removeLeftover(path string) error {
	err := os.Remove(path + repairSuffix)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}
