package session

import (
	"bytes"
	"fmt"
	"os"
	"strconv"
)

// lock is a session's lock: an exclusive lock on the file <id>.lock
// beside its log. The operating system releases it when the process ends,
// however it ends, so a kill -9 never leaves a session locked for good.
// The file holds the pid of its last holder, for the message that refuses
// a second ply. The file stays when the lock is released: its being there
// means nothing, only the lock on it does.
type lock struct {
	f *os.File
}

// acquire takes the lock of session id, whose lock file is path, without
// waiting. While another process holds it, acquire returns a
// *LockedError with that process's pid.
func acquire(id, path string) (*lock, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("lock session %s: %w", id, err)
	}
	got, err := tryLock(f)
	if err == nil && !got {
		err = &LockedError{ID: id, PID: readPID(f)}
	}
	if err == nil {
		err = writePID(f)
	}
	if err != nil {
		// Closing also drops the lock, if we had it.
		f.Close()
		return nil, err
	}
	return &lock{f: f}, nil
}

// release unlocks and closes the lock file.
func (l *lock) release() error {
	err := unlock(l.f)
	if cerr := l.f.Close(); err == nil {
		err = cerr
	}
	return err
}

// writePID records this process as the holder. It writes over the start
// of the file before cutting it, so a reader at any moment sees a whole
// pid on the first line, this one or the last holder's.
func writePID(f *os.File) error {
	pid := []byte(strconv.Itoa(os.Getpid()) + "\n")
	if _, err := f.WriteAt(pid, 0); err != nil {
		return err
	}
	return f.Truncate(int64(len(pid)))
}

// readPID returns the pid on the first line of a lock file, or 0.
func readPID(f *os.File) int {
	buf := make([]byte, 32)
	n, _ := f.ReadAt(buf, 0) // a short file just has less to read
	first, _, _ := bytes.Cut(buf[:n], newline)
	pid, err := strconv.Atoi(string(first))
	if err != nil {
		return 0
	}
	return pid
}
