// Wrong: time.ParseDuration(value + "ms") reads "6" and "1.5", but not a
// number with spaces or an exponent, which then falls back to Retry-After,
// and it takes "-5" as a negative wait where the contract says 0.
// Exercise: 2
// Caught by: TestRetryAfter/milliseconds_as_any_decimal_number, TestRetryAfter/negative_milliseconds_say_nothing
package llm

import (
	"net/http"
	"time"
)

func retryAfter(h http.Header, now time.Time) time.Duration {
	if ms := h.Get("retry-after-ms"); ms != "" {
		if d, err := time.ParseDuration(ms + "ms"); err == nil {
			return min(d, longestRetryAfter)
		}
	}
	value := h.Get("Retry-After")
	if s, ok := seconds(value); ok {
		return capWait(s)
	}
	if date, err := http.ParseTime(value); err == nil {
		return capWait(date.Sub(now).Seconds())
	}
	return 0
}
