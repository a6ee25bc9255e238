package session

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
)

// lock is a session's lock: an exclusive lock on the session's log itself,
// taken through a handle of its own. The operating system releases it
// when the process ends, however it ends, so a kill -9 never leaves a
// session locked for good.
//
// The lock is on the log, not on a file beside it, because a file beside
// it can be removed or replaced while a ply holds it, and the next ply
// would then lock the new file and write the log too. The log cannot be
// swapped without the session going with it: a repair that renames a
// new file over it locks the new file first, and a ply that locked the
// old one checks, once it holds the lock, that the name is still the
// file it locked.
//
// Beside the log, <id>.pid holds the holder's pid, for the message that
// refuses a second ply. It is a note and nothing more: ply removes it
// when it lets the session go, one that a kill left behind is written
// over by the next holder, and removing it by hand takes the pid out of
// that message and nothing else.
type lock struct {
	id  string
	f   *os.File // the log, or a new log before it has its name; the lock is on this handle
	pid string   // the path of the pid file
	own bool     // the pid file holds this process's pid, and goes at release
}

// acquire takes the lock of session id, whose log is at path, without
// waiting. While another process holds it, acquire returns a
// *LockedError with that process's pid.
func acquire(id, path, pidPath string) (*lock, error) {
	for range 10 {
		f, err := openFile(path, os.O_RDONLY, 0)
		if err != nil {
			return nil, fmt.Errorf("lock session %s: %w", id, err)
		}
		lk, err := lockFile(id, f, pidPath)
		if err != nil {
			return nil, err
		}
		// A repair may have renamed a new log over this one between the
		// open and the lock: then the lock is on a file that is no longer
		// the session's, and the new one is what to lock.
		same, err := names(path, f)
		if err != nil || !same {
			lk.release()
			if err != nil {
				return nil, fmt.Errorf("lock session %s: %w", id, err)
			}
			continue
		}
		if err := lk.writePID(); err != nil {
			return nil, err
		}
		return lk, nil
	}
	return nil, fmt.Errorf("lock session %s: its log was replaced ten times while ply tried to lock it", id)
}

// lockFile locks f, a file of session id, without waiting. It closes f
// when it cannot.
func lockFile(id string, f *os.File, pidPath string) (*lock, error) {
	got, err := tryLock(f)
	if err == nil && !got {
		err = &LockedError{ID: id, PID: readPID(pidPath)}
	} else if err != nil {
		err = fmt.Errorf("lock session %s: %w", id, err)
	}
	if err != nil {
		f.Close() // closing also drops a lock that was taken
		return nil, err
	}
	return &lock{id: id, f: f, pid: pidPath}, nil
}

// release unlocks and closes the lock's file, after removing the pid
// file it wrote, while the lock still keeps anyone else from writing it.
func (l *lock) release() error {
	var err error
	if l.own {
		if rerr := os.Remove(l.pid); rerr != nil && !errors.Is(rerr, fs.ErrNotExist) {
			err = rerr
		}
	}
	if uerr := unlock(l.f); err == nil {
		err = uerr
	}
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// writePID records this process as the holder. It writes over the start
// of the file before cutting it, so a reader at any moment sees a whole
// pid on the first line, this one or the last holder's. A pid file that
// is a link is refused, and the lock let go: ply writes nothing through
// a link. On any error the lock is released; a pid file it could not
// write, on a full disk say, is removed first, while the lock keeps
// anyone else from writing it: half written, or empty, it names nobody.
func (l *lock) writePID() error {
	f, err := openFile(l.pid, os.O_WRONLY|os.O_CREATE, 0o600)
	if err == nil {
		pid := []byte(strconv.Itoa(os.Getpid()) + "\n")
		if _, err = f.WriteAt(pid, 0); err == nil {
			err = f.Truncate(int64(len(pid)))
		}
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			os.Remove(l.pid)
		}
	}
	if err != nil {
		l.release()
		return fmt.Errorf("lock session %s: %w", l.id, err)
	}
	l.own = true
	return nil
}

// names reports whether path names the file f has open.
func names(path string, f *os.File) (bool, error) {
	now, err := os.Lstat(path)
	if err != nil {
		return false, err
	}
	held, err := f.Stat()
	if err != nil {
		return false, err
	}
	return os.SameFile(now, held), nil
}

// oneFile reports whether a and b are handles of one file.
func oneFile(a, b *os.File) (bool, error) {
	ai, err := a.Stat()
	if err != nil {
		return false, err
	}
	bi, err := b.Stat()
	if err != nil {
		return false, err
	}
	return os.SameFile(ai, bi), nil
}

// readPID returns the pid on the first line of the pid file at path, or
// 0 when there is none to read.
func readPID(path string) int {
	f, err := openFile(path, os.O_RDONLY, 0)
	if err != nil {
		return 0
	}
	defer f.Close()
	buf := make([]byte, 32)
	n, _ := f.ReadAt(buf, 0) // a short file just has less to read
	first, _, _ := bytes.Cut(buf[:n], newline)
	pid, err := strconv.Atoi(string(first))
	if err != nil {
		return 0
	}
	return pid
}
