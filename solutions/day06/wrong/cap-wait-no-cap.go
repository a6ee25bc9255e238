// Wrong: no cap: a server that says "Retry-After: 86401" gets a wait of a
// day and a second, and 1e30 seconds overflows a time.Duration into
// nonsense.
// Exercise: 2
// Caught by: TestCapWait/a_day_and_a_second, TestRetryAfter/a_day_and_a_second_is_capped, TestRetryAfter/a_date_far_away_is_capped, self-check "a garbled or past Retry-After asks for no wait, a huge one for a day"
package llm

import "time"

func capWait(s float64) time.Duration {
	if s <= 0 {
		return 0
	}
	return time.Duration(s * float64(time.Second))
}
