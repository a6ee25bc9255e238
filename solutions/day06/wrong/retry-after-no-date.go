// Wrong: Retry-After is read only as seconds; the HTTP date form, which the
// standard allows and proxies send, is ignored.
// Exercise: 2
// Caught by: TestRetryAfter/a_date_in_the_future, TestRetryAfter/a_date_in_the_old_RFC_850_form, TestRetryAfter/a_date_far_away_is_capped, self-check "Retry-After is read in seconds, in milliseconds and as a date"
package llm

import (
	"net/http"
	"time"
)

func retryAfter(h http.Header, now time.Time) time.Duration {
	if ms, ok := seconds(h.Get("retry-after-ms")); ok {
		return capWait(ms / 1000)
	}
	if s, ok := seconds(h.Get("Retry-After")); ok {
		return capWait(s)
	}
	return 0
}
