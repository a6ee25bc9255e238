// Wrong: the ceiling doubles as 2*ceiling until it reaches Cap. A Base of
// 0 never reaches it, so a late retry loops for ever, and with a Cap past
// half the longest Duration the doubling overflows into a negative wait.
// Exercise: 1
// Caught by: TestWaitEverySchedule
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
	return time.Duration(random * float64(ceiling)), true
}
