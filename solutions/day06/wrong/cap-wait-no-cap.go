// Wrong: no cap: a server that says "Retry-After: 1e30" gets 1e30 seconds
// turned into a time.Duration, which overflows into nonsense, and one that
// asks for more than a century gets more than a century.
// Exercise: 2
// Caught by: TestCapWait/a_century_and_a_second, TestCapWait/too_large_for_a_Duration, TestRetryAfter/a_century_and_a_second_is_capped, TestRetryAfter/a_date_far_away_is_capped, self-check "a garbled or past Retry-After asks for no wait, 31 years for 31 years, a huge one for a century"
package llm

import "time"

func capWait(s float64) time.Duration {
	if s <= 0 {
		return 0
	}
	return time.Duration(s * float64(time.Second))
}
