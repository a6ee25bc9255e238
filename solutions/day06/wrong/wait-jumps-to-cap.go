// Wrong: a ceiling at half of Cap or more jumps to Cap instead of
// doubling, which for an odd Cap is one nanosecond more than twice the
// ceiling: 3 and 7 give 7 where the second retry's ceiling is 6.
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
	for i := 1; i < n && ceiling > 0 && ceiling < s.Cap; i++ {
		if ceiling >= s.Cap/2 {
			ceiling = s.Cap
		} else {
			ceiling *= 2
		}
	}
	return time.Duration(random * float64(ceiling)), true
}
