package session

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// repairSuffix ends the name of the file a repair writes, beside the log,
// before renaming it over the log.
const repairSuffix = ".repair"

// repair cuts a torn last line off the log at path, keeping its first
// keep bytes, under lk, the session's lock. It never changes the log in
// place: the good part is copied, byte for byte, from the file lk holds to
// a .repair file beside it, which is locked, synced and then renamed over
// the log in one atomic step, taking the session's lock with it. A crash
// at any moment leaves the old log or the repaired one, never half of
// each, and at worst a .repair file, which the next resume removes.
func repair(lk *lock, path string, keep int64) error {
	tmp := path + repairSuffix
	f, err := copyStart(tmp, lk.f, keep)
	if err != nil {
		os.Remove(tmp) // the error that matters is copyStart's
		return err
	}
	if err := lk.replace(f, tmp, path); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	syncDir(filepath.Dir(path))
	return nil
}

// copyStart writes the first n bytes of src, from its start, to a new
// file dst, locked for the session before anything is written to it, and
// syncs it. It returns dst still open, holding the lock.
func copyStart(dst string, src *os.File, n int64) (*os.File, error) {
	if _, err := src.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	out, err := openFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return nil, err
	}
	got, err := tryLock(out)
	if err == nil && !got {
		err = fmt.Errorf("%s is locked by another process", dst)
	}
	if err == nil {
		_, err = io.CopyN(out, src, n)
	}
	if err == nil {
		err = out.Sync()
	}
	if err != nil {
		out.Close()
		return nil, err
	}
	return out, nil
}

// syncDir asks for a rename in dir to be on disk, as far as the system
// allows: Windows cannot open a folder to sync it, and there the rename is
// as durable as the system makes it. The rename has happened either way,
// so syncDir has nothing to report.
func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
}

// removeLeftover removes the .repair file of the log at path that a
// repair cut short may have left. It is called under the session's lock,
// so the file is no other ply's repair in progress.
func removeLeftover(path string) error {
	err := os.Remove(path + repairSuffix)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}
