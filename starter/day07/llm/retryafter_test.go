package llm

import (
	"math"
	"net/http"
	"testing"
	"time"
)

// now is the moment the answers in the tests below arrive: the day of the
// date in the OpenAI SDK's own Retry-After test.
var now = time.Date(2023, time.September, 29, 16, 26, 50, 0, time.UTC)

func TestRetryAfter(t *testing.T) {
	tests := []struct {
		name    string
		headers map[string]string
		want    time.Duration
	}{
		{"none", nil, 0},
		{"seconds", map[string]string{"Retry-After": "20"}, 20 * time.Second},
		{"seconds, any case", map[string]string{"retry-after": "1"}, time.Second},
		{"a fraction of a second", map[string]string{"Retry-After": "1.5"}, 1500 * time.Millisecond},
		{"spaces around", map[string]string{"Retry-After": " 2 "}, 2 * time.Second},
		{"zero says nothing", map[string]string{"Retry-After": "0"}, 0},
		{"negative says nothing", map[string]string{"Retry-After": "-10"}, 0},
		{"milliseconds", map[string]string{"retry-after-ms": "6"}, 6 * time.Millisecond},
		{"milliseconds win over seconds", map[string]string{"retry-after-ms": "120000", "Retry-After": "1"}, 2 * time.Minute},
		{"unreadable milliseconds fall back to seconds", map[string]string{"retry-after-ms": "soon", "Retry-After": "3"}, 3 * time.Second},
		{"milliseconds as any decimal number", map[string]string{"retry-after-ms": " 1.5e3 "}, 1500 * time.Millisecond},
		{"negative milliseconds say nothing", map[string]string{"retry-after-ms": "-5"}, 0},
		{"a date in the future", map[string]string{"Retry-After": "Fri, 29 Sep 2023 16:26:57 GMT"}, 7 * time.Second},
		{"a date in the old RFC 850 form", map[string]string{"Retry-After": "Friday, 29-Sep-23 16:27:50 GMT"}, time.Minute},
		{"a date in the past says nothing", map[string]string{"Retry-After": "Fri, 29 Sep 2023 16:26:00 GMT"}, 0},
		{"garbage says nothing", map[string]string{"Retry-After": "soon"}, 0},
		{"NaN says nothing", map[string]string{"Retry-After": "NaN"}, 0},
		{"an empty header says nothing", map[string]string{"Retry-After": ""}, 0},
		{"a huge number is capped", map[string]string{"Retry-After": "1e30"}, longestRetryAfter},
		{"a number too large to hold is capped", map[string]string{"Retry-After": "1e400"}, longestRetryAfter},
		{"infinity is capped", map[string]string{"Retry-After": "Inf"}, longestRetryAfter},
		{"a day and a second is what it says", map[string]string{"Retry-After": "86401"}, 24*time.Hour + time.Second},
		{"31 years are 31 years", map[string]string{"Retry-After": "977616000"}, 31 * 365 * 24 * time.Hour},
		{"a century and a second is capped", map[string]string{"Retry-After": "3153600001"}, longestRetryAfter},
		{"a date far away is capped", map[string]string{"Retry-After": "Fri, 29 Sep 2123 16:26:50 GMT"}, longestRetryAfter},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := http.Header{}
			for k, v := range tt.headers {
				h.Set(k, v)
			}
			if got := retryAfter(h, now); got != tt.want {
				t.Errorf("retryAfter(%v) = %v, want %v (see day06's exercise 2)", tt.headers, got, tt.want)
			}
		})
	}
}

func TestSeconds(t *testing.T) {
	tests := []struct {
		name   string
		value  string
		want   float64
		wantOK bool
	}{
		{"whole", "20", 20, true},
		{"a fraction", "0.25", 0.25, true},
		{"spaces", "\t7 ", 7, true},
		{"negative", "-3", -3, true},
		{"empty", "", 0, false},
		{"a word", "soon", 0, false},
		{"NaN", "NaN", 0, false},
		{"too large to hold", "1e400", math.Inf(1), true},
		{"too negative to hold", "-1e400", 0, false},
		{"infinity", "Inf", math.Inf(1), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := seconds(tt.value)
			if got != tt.want || ok != tt.wantOK {
				t.Errorf("seconds(%q) = %v, %v; want %v, %v (see day06's exercise 2)", tt.value, got, ok, tt.want, tt.wantOK)
			}
		})
	}
}

func TestCapWait(t *testing.T) {
	tests := []struct {
		name string
		s    float64
		want time.Duration
	}{
		{"zero", 0, 0},
		{"negative", -1, 0},
		{"less than a second below zero", -0.5, 0},
		{"a millisecond", 0.001, time.Millisecond},
		{"a minute", 60, time.Minute},
		{"a day", 86400, 24 * time.Hour},
		{"a day and a second", 86401, 24*time.Hour + time.Second},
		{"a century", 3153600000, longestRetryAfter},
		{"a century and a second", 3153600001, longestRetryAfter},
		{"too large for a Duration", 1e30, longestRetryAfter},
		{"infinite", math.Inf(1), longestRetryAfter},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := capWait(tt.s); got != tt.want {
				t.Errorf("capWait(%v) = %v, want %v (see day06's exercise 2)", tt.s, got, tt.want)
			}
		})
	}
}
