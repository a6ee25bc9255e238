package llm

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestRetryAfterOverHTTP: a server's Retry-After, in every form a server
// sends, as ply reads it off a real answer: waited for when it is within
// MaxHint, and otherwise reported as what the server asked, with advice
// that matches the wait.
func TestRetryAfterOverHTTP(t *testing.T) {
	tests := []struct {
		name, retryAfter string
		wantWaits        []time.Duration // nil: not asked again
		wantErr, wantFix string          // parts of the error and of its advice, when not asked again
	}{
		{"30 s is waited", "30", []time.Duration{30 * time.Second}, "", ""},
		{"a minute is waited", "60", []time.Duration{time.Minute}, "", ""},
		{"31 years are 31 years", "977616000", nil,
			"(the server asks to wait 31 years; ply waits 1 min at most, so it does not ask again)", "asks to wait 31 years before asking again"},
		{"a date tomorrow", time.Now().Add(25 * time.Hour).UTC().Format(http.TimeFormat), nil,
			"; ply waits 1 min at most, so it does not ask again)", "asks to wait 1 day before asking again"},
		{"1e30 is a century", "1e30", nil, "(the server asks to wait 100 years;", "asks to wait 100 years"},
		{"a date in the past says nothing", "Fri, 29 Sep 2023 16:26:57 GMT", []time.Duration{500 * time.Millisecond}, "", ""},
		{"a negative wait says nothing", "-5", []time.Duration{500 * time.Millisecond}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, c := &sequence{handlers: []http.HandlerFunc{refuse(429, "rate_limit_exceeded", "Retry-After", tt.retryAfter), stream}}, &clock{}
			s, err := retrying(NewOpenAI(serve(t, srv), ""), c).Stream(context.Background(), Request{})
			if !slices.Equal(c.waits, tt.wantWaits) {
				t.Errorf("waits %v, want %v", c.waits, tt.wantWaits)
			}
			if tt.wantWaits != nil {
				if err != nil {
					t.Fatalf("Stream error = %v, want the answer after the wait", err)
				}
				s.Close()
				return
			}
			var apiErr *APIError
			if !errors.As(err, &apiErr) {
				t.Fatalf("error %v after %d requests; want the server's refusal, an *APIError", err, srv.calls.Load())
			}
			if !strings.Contains(err.Error(), tt.wantErr) || !strings.Contains(apiErr.Fix, tt.wantFix) || srv.calls.Load() != 1 {
				t.Errorf("error %v (advice %q) after %d requests; want one request, an error saying %q and advice saying %q",
					err, apiErr.Fix, srv.calls.Load(), tt.wantErr, tt.wantFix)
			}
		})
	}
}

// TestWorstCaseWaits works out, from the defaults, the longest a request
// can keep the user waiting before ply gives up, for each kind of server
// that never answers; the day 6 lesson quotes these figures.
func TestWorstCaseWaits(t *testing.T) {
	s := DefaultSchedule
	var own, hinted time.Duration
	for n := 1; n < s.Attempts; n++ {
		wait, _ := s.Wait(n, almostOne, 0)
		own += wait
		wait, _ = s.Wait(n, almostOne, s.MaxHint)
		hinted += wait
	}
	attempts := time.Duration(s.Attempts)
	figures := []struct {
		what      string
		got, want time.Duration
	}{
		{"the idle timeout", DefaultIdleTimeout, 5 * time.Minute},
		{"ply's own waits between attempts", own.Round(time.Second), 15 * time.Second},
		{"a server that asks for the longest wait ply honours, every time", hinted, 4 * time.Minute},
		{"a server that accepts and never answers", attempts*DefaultIdleTimeout + own.Round(time.Second), 25*time.Minute + 15*time.Second},
		{"one that refuses at the last moment with the longest wait", attempts*DefaultIdleTimeout + hinted, 29 * time.Minute},
	}
	for _, f := range figures {
		if f.got != f.want {
			t.Errorf("%s: %v in the worst case, but the lesson says %v", f.what, f.got, f.want)
		}
	}
}
