//go:build unix

package session

import (
	"syscall"
	"time"
)

// cpuTime returns the processor time this process has used, user and
// system, and true. The benchmarks report it beside the wall-clock time:
// on a machine shared with other work, it is the figure that does not
// depend on how long the process waited for a processor.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
