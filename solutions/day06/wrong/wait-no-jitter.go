// Wrong: no jitter: every client refused at the same moment waits the whole
// ceiling and comes back at the same moment.
// Exercise: 1
// Caught by: TestWaitJitter, TestWaitHint, TestScheduleWait, self-check "a server that fails twice with 503 answers on the third attempt", self-check "a server that always fails gets 5 attempts, waits growing up to 8 s"
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
	ceiling := min(s.Base, s.Cap)
	for i := 1; i < n && ceiling < s.Cap; i++ {
		ceiling = min(2*ceiling, s.Cap)
	}
	return ceiling, true
}
