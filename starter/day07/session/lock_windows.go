//go:build windows

package session

import (
	"errors"
	"os"
	"syscall"
	"unsafe"
)

// Windows locks byte ranges, and another process cannot even read a
// locked range. So the lock is on one byte far past the end of any log,
// at 4 GiB, and the log can still be read while a ply holds it.
const lockOffsetHigh = 1

// The two calls come from kernel32.dll; the standard library's syscall
// package does not wrap them. These are loaded once and never change.
var (
	lockFileEx   = syscall.NewLazyDLL("kernel32.dll").NewProc("LockFileEx")
	unlockFileEx = syscall.NewLazyDLL("kernel32.dll").NewProc("UnlockFileEx")
)

const (
	lockfileFailImmediately               = 0x1
	lockfileExclusiveLock                 = 0x2
	errorLockViolation      syscall.Errno = 33
)

// tryLock takes an exclusive lock on f without waiting, and reports
// whether it got it.
func tryLock(f *os.File) (bool, error) {
	ol := syscall.Overlapped{OffsetHigh: lockOffsetHigh}
	r, _, err := lockFileEx.Call(f.Fd(), lockfileExclusiveLock|lockfileFailImmediately,
		0, 1, 0, uintptr(unsafe.Pointer(&ol)))
	switch {
	case r != 0:
		return true, nil
	case errors.Is(err, errorLockViolation):
		return false, nil
	}
	return false, err
}

// unlock drops the lock on f.
func unlock(f *os.File) error {
	ol := syscall.Overlapped{OffsetHigh: lockOffsetHigh}
	r, _, err := unlockFileEx.Call(f.Fd(), 0, 1, 0, uintptr(unsafe.Pointer(&ol)))
	if r == 0 {
		return err
	}
	return nil
}
