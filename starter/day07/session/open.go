package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
)

// Nothing ply writes for a session goes outside the sessions folder, and
// no file of it is reached through a symbolic link: a link planted in
// the folder would otherwise have ply append, repair or write its pid
// into whatever it points to, a file outside PLY_HOME included. So every
// file of a session is opened with openFile, which refuses a link rather
// than follow it, and the folder itself is looked at before ply writes
// in it.

// openFile opens the file of a session at path with flag (and perm, when
// flag creates it). It never follows a symbolic link in the last element
// of path: it refuses one with ErrLink and what it points to. It refuses
// anything but a regular file with ErrNotAFile, and it never waits: a
// named pipe put where a log should be is opened without waiting for a
// writer, and refused.
func openFile(path string, flag int, perm fs.FileMode) (*os.File, error) {
	f, err := openNoFollow(path, flag, perm)
	if err != nil {
		// The open met a link, or a named pipe with no reader: say so,
		// rather than what the system calls it.
		if info, lerr := os.Lstat(path); lerr == nil {
			if kerr := notRegular(path, info); kerr != nil {
				return nil, kerr
			}
		}
		return nil, err
	}
	info, err := f.Stat()
	if err == nil {
		err = notRegular(path, info)
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// notRegular returns nil when info, what the system says of path without
// following a link, is a regular file; otherwise an error wrapping
// ErrLink, naming what the link points to, or ErrNotAFile.
func notRegular(path string, info fs.FileInfo) error {
	switch {
	case info.Mode().IsRegular():
		return nil
	case info.Mode()&fs.ModeSymlink == 0:
		return fmt.Errorf("%s: %w", path, ErrNotAFile)
	}
	target, err := os.Readlink(path)
	if err != nil {
		target = "somewhere it cannot be read"
	}
	return fmt.Errorf("%s is %w to %s", path, ErrLink, target)
}

// folder checks the sessions folder before ply reads or writes in it. It
// must be a folder of its own, not a link to one elsewhere; one that does
// not exist yet holds no session, and is made, mode 0700, when make is
// true, with the folder of new logs inside it.
func (s Store) folder(make bool) error {
	if err := checkFolder(s.Dir, make); err != nil {
		return fmt.Errorf("the sessions folder: %w", err)
	}
	if !make {
		return nil
	}
	if err := checkFolder(s.newDir(), make); err != nil {
		return fmt.Errorf("the folder of new sessions: %w", err)
	}
	return nil
}

// checkFolder checks that dir is a folder and not a link to one, and
// makes it first when make is true. A folder that does not exist is fine
// when nothing is to be made in it. A folder ply is to make files in is
// made the owner's alone when others may look in it, as a log is (see
// private): a listing of it shows every session's id, and from when.
func checkFolder(dir string, make bool) error {
	if make {
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return err
		}
	}
	info, err := os.Lstat(dir)
	switch {
	case errors.Is(err, fs.ErrNotExist) && !make:
		return nil
	case err != nil:
		return err
	case info.Mode()&fs.ModeSymlink != 0:
		return notRegular(dir, info)
	case !info.IsDir():
		return fmt.Errorf("%s is not a folder", dir)
	case make && info.Mode().Perm()&0o077 != 0:
		// A folder this user may not change is no reason to fail: every
		// log in it is the owner's alone whatever the folder's mode.
		os.Chmod(dir, 0o700)
	}
	return nil
}
