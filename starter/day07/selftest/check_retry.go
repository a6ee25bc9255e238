package selftest

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"ply/day07/llm"
	"ply/day07/llm/llmtest"
)

var busy = &llm.APIError{Status: 503, Message: "busy"}

func busyTwice(ctx context.Context) error {
	g, c := flaky(busy, busy), &llmtest.Clock{}
	s, err := retrying(g, c).Stream(ctx, llm.Request{Messages: []llm.Message{{Role: llm.RoleUser, Content: "hello"}}})
	if err != nil {
		return fmt.Errorf("after two 503s: %v, want the answer of the third attempt", err)
	}
	s.Close()
	if want := []time.Duration{500 * time.Millisecond, time.Second}; len(g.Requests()) != 3 || !slices.Equal(c.Waits(), want) {
		return fmt.Errorf("%s with waits %v, want 3 with waits %v (half of 1 s, then of 2 s)", llm.Count(len(g.Requests()), "request"), c.Waits(), want)
	}
	return nil
}

func alwaysBusy(ctx context.Context) error {
	g, c := flaky(slices.Repeat([]error{busy}, 100)...), &llmtest.Clock{}
	_, err := retrying(g, c).Stream(ctx, llm.Request{})
	want := []time.Duration{500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second}
	if len(g.Requests()) != 5 || !slices.Equal(c.Waits(), want) {
		return fmt.Errorf("%s with waits %v, want 5 with waits %v", llm.Count(len(g.Requests()), "request"), c.Waits(), want)
	}
	if !errors.Is(err, busy) || !strings.Contains(err.Error(), "gave up after 5 attempts") {
		return fmt.Errorf("error %v, want the 503, saying it gave up after 5 attempts", err)
	}
	return nil
}

func serverHint(ctx context.Context) error {
	g, c := flaky(&llm.APIError{Status: 429, RetryAfter: 6 * time.Second}), &llmtest.Clock{}
	if _, err := retrying(g, c).Stream(ctx, llm.Request{}); err != nil || !slices.Equal(c.Waits(), []time.Duration{6 * time.Second}) {
		return fmt.Errorf("a 429 asking for 6 s: waits %v, error %v; want one wait of 6 s, then the answer", c.Waits(), err)
	}
	g, c = flaky(&llm.APIError{Status: 429, RetryAfter: time.Hour}), &llmtest.Clock{}
	_, err := retrying(g, c).Stream(ctx, llm.Request{})
	if len(g.Requests()) != 1 || len(c.Waits()) != 0 || err == nil || !strings.Contains(err.Error(), "the server asks to wait 1 h; ply waits 1 min at most") {
		return fmt.Errorf("a 429 asking for an hour: %s, waits %v, error %v; want one request, no wait, and an error saying how long ply waits at most", llm.Count(len(g.Requests()), "request"), c.Waits(), err)
	}
	return nil
}

// refusal asks a server that answers 429 with the given header, and
// returns how long its refusal asks to wait.
func refusal(ctx context.Context, header, value string) (time.Duration, error) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set(header, value)
		w.WriteHeader(429)
	}))
	defer srv.Close()
	_, err := llm.NewOpenAI(srv.URL, "").Stream(ctx, llm.Request{})
	var apiErr *llm.APIError
	if !errors.As(err, &apiErr) {
		return 0, fmt.Errorf("%s: %s: error %v, want an *llm.APIError", header, value, err)
	}
	return apiErr.RetryAfter, nil
}

func retryAfterRead(ctx context.Context) error {
	soon := time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)
	tests := []struct {
		header, value string
		from, to      time.Duration // the wait read, within this range
	}{
		{"Retry-After", "2", 2 * time.Second, 2 * time.Second},
		{"retry-after-ms", "6", 6 * time.Millisecond, 6 * time.Millisecond},
		{"Retry-After", soon, 59 * time.Minute, time.Hour},
	}
	for _, tt := range tests {
		got, err := refusal(ctx, tt.header, tt.value)
		if err != nil {
			return err
		}
		if got < tt.from || got > tt.to {
			return fmt.Errorf("%s: %s asks for a wait of %v, want %v", tt.header, tt.value, got, tt.to)
		}
	}
	return nil
}

func retryAfterOdd(ctx context.Context) error {
	tests := []struct {
		value string
		want  time.Duration
	}{
		{"soon", 0},
		{"-5", 0},
		{"Fri, 29 Sep 2023 16:26:57 GMT", 0},
		{"977616000", 31 * 365 * 24 * time.Hour},
		{"1e30", 100 * 365 * 24 * time.Hour},
	}
	for _, tt := range tests {
		got, err := refusal(ctx, "Retry-After", tt.value)
		if err != nil {
			return err
		}
		if got != tt.want {
			return fmt.Errorf("Retry-After: %s asks for a wait of %v, want %v", tt.value, got, tt.want)
		}
	}
	return nil
}

// refused asks a server that always refuses with status and body, through
// the retrying gateway, and returns how many requests it got and the error.
func refused(ctx context.Context, status int, body string) (int, error) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		calls.Add(1)
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		io.WriteString(w, body)
	}))
	defer srv.Close()
	_, err := retrying(llm.NewOpenAI(srv.URL, "sk-wrong"), &llmtest.Clock{}).Stream(ctx, llm.Request{Model: "m1"})
	return int(calls.Load()), err
}

func badKeyOnce(ctx context.Context) error {
	calls, err := refused(ctx, 401, `{"error":{"message":"Incorrect API key provided: sk-wr***ng.","type":"invalid_request_error","code":"invalid_api_key"}}`)
	var apiErr *llm.APIError
	if calls != 1 || !errors.As(err, &apiErr) || !strings.Contains(apiErr.Fix, "OPENAI_API_KEY") {
		return fmt.Errorf("%s, error %v; want one request, and advice naming OPENAI_API_KEY", llm.Count(calls, "request"), err)
	}
	return nil
}

func quotaOnce(ctx context.Context) error {
	calls, err := refused(ctx, 429, `{"error":{"message":"You exceeded your current quota.","type":"insufficient_quota","code":"insufficient_quota"}}`)
	if calls != 1 || err == nil {
		return fmt.Errorf("%s, error %v; want one request and the refusal: waiting does not lift a billing limit", llm.Count(calls, "request"), err)
	}
	return nil
}
