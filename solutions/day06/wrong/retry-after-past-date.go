// Wrong: a date is turned into a wait without capWait, so a date in the
// past is a negative wait and a date far away is not capped.
// Exercise: 2
// Caught by: TestRetryAfter/a_date_in_the_past_says_nothing, TestRetryAfter/a_date_far_away_is_capped, self-check "a garbled or past Retry-After asks for no wait, 31 years for 31 years, a huge one for a century"
package llm

import (
	"net/http"
	"time"
)

func retryAfter(h http.Header, now time.Time) time.Duration {
	if ms, ok := seconds(h.Get("retry-after-ms")); ok {
		return capWait(ms / 1000)
	}
	value := h.Get("Retry-After")
	if s, ok := seconds(value); ok {
		return capWait(s)
	}
	if date, err := http.ParseTime(value); err == nil {
		return date.Sub(now)
	}
	return 0
}
