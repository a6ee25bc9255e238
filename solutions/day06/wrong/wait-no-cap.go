// Wrong: the ceiling is Base << (n-1) with no cap: it passes Cap from the
// fifth retry on, and a large n overflows it into a negative wait.
// Exercise: 1
// Caught by: TestWaitCeiling, TestWaitNeverOverflows, TestScheduleWait
// Test exercise: 6
package llm

import "time"

func (s Schedule) Wait(n int, random float64, hint time.Duration) (wait time.Duration, ok bool) {
	if hint > s.MaxHint {
		return 0, false
	}
	if hint > 0 {
		return hint, true
	}
	ceiling := s.Base << (n - 1)
	return time.Duration(random * float64(ceiling)), true
}
