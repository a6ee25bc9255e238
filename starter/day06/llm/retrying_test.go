package llm_test

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"ply/day06/llm"
	"ply/day06/llm/llmtest"
)

// The tests of Retrying against a gateway that fails on cue. They live
// outside the package so that they can use llmtest, which imports llm.

// retrying wraps g with the test schedule, random numbers that are always
// one half, and c for a clock.
func retrying(g llm.Gateway, c *llmtest.Clock) *llm.Retrying {
	return &llm.Retrying{Gateway: g, Schedule: llm.RoundSchedule, Random: func() float64 { return 0.5 }, Sleep: c.Sleep}
}

// ok is the answer of a gateway once it stops failing.
var ok = llmtest.Reply{Deltas: []llm.StreamDelta{{Text: "ok", Finish: "stop"}}}

// text reads s to its end, closes it, and returns the text it carried.
func text(s llm.Stream) string {
	defer s.Close()
	var b strings.Builder
	for s.Next() {
		b.WriteString(s.Delta().Text)
	}
	return b.String()
}

var (
	busy   = &llm.APIError{Status: 503, Message: "busy"}
	badKey = &llm.APIError{Status: 401, Message: "bad key"}
	quota  = &llm.APIError{Status: 429, Code: "insufficient_quota"}
)

func TestRetrying(t *testing.T) {
	tests := []struct {
		name      string
		errs      []error
		wantCalls int
		wantWaits []time.Duration
		wantErr   string // a part of the error; "" for none
	}{
		{"an answer at once", nil, 1, nil, ""},
		{"503 twice, then an answer", []error{busy, busy}, 3, []time.Duration{500 * time.Millisecond, time.Second}, ""},
		{"a server that always fails gets Attempts tries", slices.Repeat([]error{busy}, 10), 5,
			[]time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second}, "503 Service Unavailable: busy (gave up after 5 attempts)"},
		{"401 is asked once", []error{badKey}, 1, nil, "401 Unauthorized: bad key"},
		{"insufficient_quota is asked once", []error{quota}, 1, nil, "429 Too Many Requests"},
		{"the server's hint is the wait", []error{&llm.APIError{Status: 429, RetryAfter: 6 * time.Second}}, 2, []time.Duration{6 * time.Second}, ""},
		{"a hint over MaxHint is not waited for", []error{&llm.APIError{Status: 429, RetryAfter: time.Hour}}, 1, nil,
			"(the server asks to wait 1 h; ply waits 1 min at most, so it does not ask again)"},
		{"a hint of 31 years is reported as 31 years", []error{&llm.APIError{Status: 429, RetryAfter: 31 * 365 * 24 * time.Hour}}, 1, nil,
			"(the server asks to wait 31 years; ply waits 1 min at most, so it does not ask again)"},
		{"no connection, then an answer", []error{&llm.NetworkError{Err: errors.New("cannot reach x")}}, 2, []time.Duration{500 * time.Millisecond}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, c := llmtest.Failing(ok, tt.errs...), &llmtest.Clock{}
			s, err := retrying(g, c).Stream(context.Background(), llm.Request{})
			if len(g.Requests()) != tt.wantCalls || !slices.Equal(c.Waits(), tt.wantWaits) {
				t.Errorf("%d requests with waits %v, want %d with waits %v", len(g.Requests()), c.Waits(), tt.wantCalls, tt.wantWaits)
			}
			switch {
			case tt.wantErr == "" && err != nil:
				t.Errorf("Stream error = %v, want an answer", err)
			case tt.wantErr == "":
				if got := text(s); got != "ok" {
					t.Errorf("reply %q, want \"ok\"", got)
				}
			case err == nil || !strings.Contains(err.Error(), tt.wantErr):
				t.Errorf("Stream error = %v, want one saying %q", err, tt.wantErr)
			}
		})
	}
}

// TestRetryingKeepsTheError: after the last attempt the error still is
// the server's, for ui to find its advice.
func TestRetryingKeepsTheError(t *testing.T) {
	_, err := retrying(llmtest.Failing(ok, slices.Repeat([]error{busy}, 5)...), &llmtest.Clock{}).Stream(context.Background(), llm.Request{})
	var apiErr *llm.APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 503 {
		t.Errorf("error %v does not unwrap to the 503", err)
	}
}

func TestRetryingTellsEachWait(t *testing.T) {
	var told []llm.Retry
	ctx := llm.WithRetryNotice(context.Background(), func(r llm.Retry) { told = append(told, r) })
	retrying(llmtest.Failing(ok, busy, busy), &llmtest.Clock{}).Stream(ctx, llm.Request{})
	want := []llm.Retry{
		{Attempt: 2, Attempts: 5, Wait: 500 * time.Millisecond, Err: busy},
		{Attempt: 3, Attempts: 5, Wait: time.Second, Err: busy},
	}
	if !slices.Equal(told, want) {
		t.Errorf("told %+v\nwant %+v", told, want)
	}
}

// TestRetryingCancelledMidWait presses Ctrl-C while ply waits to retry:
// the wait ends, and nothing more is sent.
func TestRetryingCancelledMidWait(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	g, c := llmtest.Failing(ok, busy, busy), &llmtest.Clock{During: cancel}
	_, err := retrying(g, c).Stream(ctx, llm.Request{})
	if !errors.Is(err, context.Canceled) || len(g.Requests()) != 1 {
		t.Errorf("after a cancel mid-wait: error %v after %d requests, want context.Canceled after 1", err, len(g.Requests()))
	}
}
