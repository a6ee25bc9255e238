//go:build windows

package session

import (
	"fmt"
	"os"
)

// replace renames the file at from to to, over the file l locks there
// when there is one, and leaves l locking the renamed file. Windows
// renames no file that is open, so both handles are closed for the
// rename and the file is opened and locked again after it. A ply that
// opens either file meanwhile makes the rename fail, and the step is
// refused rather than shared; one that opens the log after the rename and
// locks it first has the session, and this ply is refused.
func (l *lock) replace(next *os.File, from, to string) error {
	unlock(l.f)
	l.f.Close()
	if next != l.f {
		unlock(next)
		next.Close()
	}
	if err := os.Rename(from, to); err != nil {
		return err
	}
	f, err := openFile(to, os.O_RDONLY, 0)
	if err != nil {
		return err
	}
	got, err := tryLock(f)
	if err == nil && !got {
		err = &LockedError{ID: l.id, PID: readPID(l.pid)}
	}
	if err != nil {
		f.Close()
		return fmt.Errorf("lock session %s again: %w", l.id, err)
	}
	l.f = f
	return nil
}
