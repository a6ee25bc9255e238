//go:build unix && !aix && !solaris

package session

import "syscall"

// limitFileSize lets this process make no file longer than n bytes: a
// write past that writes what fits, and then fails, as on a disk that is
// full. The signal the system sends with it, SIGXFSZ, does nothing to a
// Go program.
func limitFileSize(n uint64) error {
	return syscall.Setrlimit(syscall.RLIMIT_FSIZE, &syscall.Rlimit{Cur: n, Max: n})
}
