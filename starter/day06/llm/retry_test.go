package llm

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sync/atomic"
	"testing"
	"time"
)

// clock is a fake Sleep for the tests over HTTP: it notes each wait and
// returns at once. (The tests outside the package use llmtest.Clock,
// which this package's own tests cannot import.)
type clock struct{ waits []time.Duration }

func (c *clock) sleep(ctx context.Context, d time.Duration) error {
	c.waits = append(c.waits, d)
	return ctx.Err()
}

// retrying wraps g with the test schedule, random numbers that are always
// one half, and c for a clock.
func retrying(g Gateway, c *clock) *Retrying {
	return &Retrying{Gateway: g, Schedule: schedule, Random: func() float64 { return 0.5 }, Sleep: c.sleep}
}

// TestSleepCancelled shows that the real clock's wait ends when ctx does,
// without waiting for its timer.
func TestSleepCancelled(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := sleep(ctx, time.Hour); !errors.Is(err, context.Canceled) {
		t.Errorf("sleep(cancelled, 1h) = %v, want context.Canceled at once", err)
	}
}

// sequence is a server that answers each request with the next of its
// handlers, the last one for ever, and counts the requests.
type sequence struct {
	handlers []http.HandlerFunc
	calls    atomic.Int32
}

func (s *sequence) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	n := int(s.calls.Add(1))
	s.handlers[min(n, len(s.handlers))-1](w, r)
}

// refuse answers with status, the headers, and an error body in OpenAI's
// shape.
func refuse(status int, code string, headers ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		for i := 0; i+1 < len(headers); i += 2 {
			w.Header().Set(headers[i], headers[i+1])
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		fmt.Fprintf(w, `{"error":{"message":"refused with %d","type":"test","code":%q}}`, status, code)
	}
}

// stream answers with the events of okStream.
func stream(w http.ResponseWriter, r *http.Request) {
	io.Copy(io.Discard, r.Body)
	w.Header().Set("Content-Type", "text/event-stream")
	io.WriteString(w, okStream)
}

func TestRetryingOverHTTP(t *testing.T) {
	tests := []struct {
		name      string
		handlers  []http.HandlerFunc
		wantCalls int32
		wantWaits []time.Duration
		wantText  string
	}{
		{"429 with Retry-After: 1, then an answer", []http.HandlerFunc{refuse(429, "rate_limit_exceeded", "Retry-After", "1"), stream},
			2, []time.Duration{time.Second}, "Hi"},
		{"503 twice, then an answer", []http.HandlerFunc{refuse(503, ""), refuse(503, ""), stream},
			3, []time.Duration{500 * time.Millisecond, time.Second}, "Hi"},
		{"insufficient_quota is asked once", []http.HandlerFunc{refuse(429, "insufficient_quota"), stream}, 1, nil, ""},
		{"401 is asked once", []http.HandlerFunc{refuse(401, "invalid_api_key"), stream}, 1, nil, ""},
		{"a Retry-After date an hour away is not waited for", []http.HandlerFunc{
			refuse(429, "rate_limit_exceeded", "Retry-After", time.Now().Add(time.Hour).UTC().Format(http.TimeFormat)), stream}, 1, nil, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv, c := &sequence{handlers: tt.handlers}, &clock{}
			s, err := retrying(NewOpenAI(serve(t, srv), ""), c).Stream(context.Background(), Request{})
			if srv.calls.Load() != tt.wantCalls || !slices.Equal(c.waits, tt.wantWaits) {
				t.Errorf("%d requests with waits %v, want %d with waits %v", srv.calls.Load(), c.waits, tt.wantCalls, tt.wantWaits)
			}
			if tt.wantText == "" {
				if err == nil {
					t.Errorf("Stream answered, want the refusal")
				}
				return
			}
			if err != nil {
				t.Fatalf("Stream error = %v, want an answer", err)
			}
			if got := drain(s); got.text != tt.wantText {
				t.Errorf("reply %q, want %q", got.text, tt.wantText)
			}
		})
	}
}

// TestRetryingRealClock goes through the real timer once: the server asks
// for a wait of one millisecond.
func TestRetryingRealClock(t *testing.T) {
	srv := &sequence{handlers: []http.HandlerFunc{refuse(429, "rate_limit_exceeded", "retry-after-ms", "1"), stream}}
	s, err := NewRetrying(NewOpenAI(serve(t, srv), "")).Stream(context.Background(), Request{})
	if err != nil {
		t.Fatalf("Stream error = %v, want an answer after one retry", err)
	}
	if got := drain(s); got.text != "Hi" || srv.calls.Load() != 2 {
		t.Errorf("reply %q after %d requests, want \"Hi\" after 2", got.text, srv.calls.Load())
	}
}

// TestRetryingNotMidStream: a reply cut after it began is reported once, as
// cut, and never asked for again, so no text is shown twice.
func TestRetryingNotMidStream(t *testing.T) {
	cut := func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		io.WriteString(w, sse(roleChunk, textChunk))
	}
	srv := &sequence{handlers: []http.HandlerFunc{cut, stream}}
	s, err := retrying(NewOpenAI(serve(t, srv), ""), &clock{}).Stream(context.Background(), Request{})
	if err != nil {
		t.Fatal(err)
	}
	got := drain(s)
	if got.text != "Hi" || !errors.Is(got.err, ErrStreamCut) || srv.calls.Load() != 1 {
		t.Errorf("reply %q, error %v, after %d requests; want \"Hi\" once, ErrStreamCut, 1 request", got.text, got.err, srv.calls.Load())
	}
}
