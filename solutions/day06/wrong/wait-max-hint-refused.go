// Wrong: a hint of exactly MaxHint is refused; the limit is the longest
// wait ply accepts, not the first it refuses.
// Exercise: 1
// Caught by: TestWaitHint, TestScheduleWait
// Test exercise: 6
package llm

import "time"

func (s Schedule) Wait(n int, random float64, hint time.Duration) (wait time.Duration, ok bool) {
	if hint >= s.MaxHint {
		return 0, false
	}
	if hint > 0 {
		return hint, true
	}
	ceiling := min(s.Base, s.Cap)
	for i := 1; i < n && ceiling < s.Cap; i++ {
		ceiling = min(2*ceiling, s.Cap)
	}
	return time.Duration(random * float64(ceiling)), true
}
