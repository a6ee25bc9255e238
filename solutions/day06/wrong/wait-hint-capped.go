// Wrong: the server's hint is held to Cap, so a server that asks for 20 s
// is asked again after 8, and refuses again.
// Exercise: 1
// Caught by: TestWaitHint, TestScheduleWait
// Test exercise: 6
package llm

import "time"

func (s Schedule) Wait(n int, random float64, hint time.Duration) (wait time.Duration, ok bool) {
	if hint > s.MaxHint {
		return 0, false
	}
	if hint > 0 {
		return min(hint, s.Cap), true
	}
	ceiling := min(s.Base, s.Cap)
	for i := 1; i < n && ceiling < s.Cap; i++ {
		ceiling = min(2*ceiling, s.Cap)
	}
	return time.Duration(random * float64(ceiling)), true
}
