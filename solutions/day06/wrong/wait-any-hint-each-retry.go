// Wrong: any hint but 0 is waited as it is, a negative one too, and the
// ceiling doubles once for each retry: right, and a step for each retry,
// so a retry as late as math.MaxInt never gets its wait.
// Exercise: 1
// Caught by: TestWaitHint/a_negative_hint_is_no_hint, TestWaitEverySchedule
package llm

import "time"

func (s Schedule) Wait(n int, random float64, hint time.Duration) (wait time.Duration, ok bool) {
	if hint > s.MaxHint {
		return 0, false
	}
	if hint != 0 {
		return hint, true
	}
	ceiling := min(s.Base, s.Cap)
	for i := 1; i < n; i++ {
		ceiling = min(2*ceiling, s.Cap)
	}
	return time.Duration(random * float64(ceiling)), true
}
