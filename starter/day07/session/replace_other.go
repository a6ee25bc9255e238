//go:build !windows

package session

import "os"

// replace renames the file at from to to, over the file l locks there
// when there is one, and leaves l locking the renamed file through next,
// a handle of it that already holds its lock (l's own, for a new log that
// gets its name). At no moment does the name to stand for a file that no
// lock of the session holds: a ply that locked the old file finds, once it
// has the lock, that the name is no longer its file's (see acquire).
func (l *lock) replace(next *os.File, from, to string) error {
	if err := os.Rename(from, to); err != nil {
		return err
	}
	if next != l.f {
		// The old file is no longer the session's log: its lock has
		// nothing left to keep, and an error closing it nothing to say.
		unlock(l.f)
		l.f.Close()
		l.f = next
	}
	return nil
}
