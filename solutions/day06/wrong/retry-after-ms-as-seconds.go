// Wrong: retry-after-ms is read as seconds, so OpenAI's "wait 6 ms" becomes
// six seconds, and 120000 ms a day.
// Exercise: 2
// Caught by: TestRetryAfter/milliseconds, TestRetryAfter/milliseconds_win_over_seconds, self-check "Retry-After is read in seconds, in milliseconds and as a date"
package llm

import (
	"net/http"
	"time"
)

func retryAfter(h http.Header, now time.Time) time.Duration {
	if ms, ok := seconds(h.Get("retry-after-ms")); ok {
		return capWait(ms)
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
