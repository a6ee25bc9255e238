package llm

import (
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// longestRetryAfter is the longest wait retryAfter reports: a century. A
// wait of more than a minute is not waited for (see Schedule.MaxHint), but
// it is reported as the server asked, so that "31 years" reads as 31
// years; the cap only keeps a number such as 1e30 seconds from
// overflowing a time.Duration, which holds no more than 292 years.
const longestRetryAfter = 100 * 365 * 24 * time.Hour

// retryAfter reads how long a server asks the client to wait before it
// tries again. OpenAI sends "retry-after-ms" (milliseconds, more precise,
// so it wins); the HTTP standard's "Retry-After" holds either seconds or a
// date, such as "Fri, 29 Sep 2023 16:26:57 GMT", that counts from now. A
// header that is missing, unreadable, negative or in the past says nothing,
// and retryAfter returns 0.
//
//lab:exercise 2 Return the wait the headers ask for: retry-after-ms (milliseconds) when it holds a number, else Retry-After as seconds or as an HTTP date counted from now; 0 when neither says anything usable.
func retryAfter(h http.Header, now time.Time) time.Duration {
	if ms, ok := seconds(h.Get("retry-after-ms")); ok {
		return capWait(ms / 1000)
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

// seconds reads a decimal number, and reports whether there was one.
// NaN is not a number of seconds; a number too large to hold is, and a
// very long one.
func seconds(value string) (float64, bool) {
	s, err := strconv.ParseFloat(strings.TrimSpace(value), 64)
	if (err != nil && !math.IsInf(s, 1)) || math.IsNaN(s) {
		return 0, false
	}
	return s, true
}

// capWait turns seconds into a wait: 0 when it is not positive, and no more
// than longestRetryAfter.
func capWait(s float64) time.Duration {
	if s <= 0 {
		return 0
	}
	return time.Duration(min(s, longestRetryAfter.Seconds()) * float64(time.Second))
}
