//go:build !unix

package session

import "time"

// cpuTime cannot tell the processor time here; the benchmarks report
// wall-clock time alone.
func cpuTime() (time.Duration, bool) { return 0, false }
