package llm

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// testIdle is the idle timeout of the tests: short, so that they are
// quick, and still far above what a loopback answer takes.
const testIdle = 200 * time.Millisecond

// silentServer is a listener on loopback that takes every connection,
// reads what comes, and never answers. It counts the connections.
func silentServer(t *testing.T) (url string, accepted *atomic.Int32) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	accepted = &atomic.Int32{}
	go func() {
		for {
			conn, err := l.Accept()
			if err != nil {
				return // the test is over
			}
			accepted.Add(1)
			go func() {
				_, _ = io.Copy(io.Discard, conn) // until the client hangs up; how it ends makes no difference
				conn.Close()
			}()
		}
	}()
	return "http://" + l.Addr().String() + "/v1", accepted
}

// thenSilent is a server that sends the headers of a stream and events,
// and then nothing, until the client leaves.
func thenSilent(events ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(200)
		for _, e := range events {
			fmt.Fprintf(w, "data: %s\n\n", e)
		}
		_ = http.NewResponseController(w).Flush() // a failed flush shows as a stream that stops
		<-r.Context().Done()
	}
}

// quick returns an OpenAI gateway to url with the tests' idle timeout.
func quick(url string) *OpenAI {
	o := NewOpenAI(url, "")
	o.SetIdleTimeout(testIdle)
	return o
}

// TestSilentServer: a server that says nothing ends the attempt once the
// idle timeout has passed. Before anything of the reply, it is no answer,
// which may be asked again; after, the reply so far is what there is.
func TestSilentServer(t *testing.T) {
	t.Parallel()
	noHeaders, _ := silentServer(t)
	tests := []struct {
		name      string
		url       string
		want      SilenceError // the limit that ran out
		wantShown string       // the text handed out before the silence; "" for a failed Stream
	}{
		{"no headers", noHeaders, SilenceError{Headers: true, After: testIdle}, ""},
		{"headers, then nothing", serve(t, thenSilent()), SilenceError{After: testIdle}, ""},
		{"a role chunk, then nothing", serve(t, thenSilent(roleChunk)), SilenceError{Stream: true, After: testIdle}, ""},
		{"text, then nothing", serve(t, thenSilent(roleChunk, textChunk)), SilenceError{Stream: true, After: testIdle}, "Hi"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			s, err := quick(tt.url).Stream(context.Background(), Request{})
			if tt.wantShown == "" {
				var netErr *NetworkError
				var silence *SilenceError
				if !errors.As(err, &netErr) || !errors.As(err, &silence) || *silence != tt.want {
					t.Fatalf("Stream error = %v, want a *NetworkError holding a %+v (see watch in silence.go)", err, tt.want)
				}
				if !strings.Contains(err.Error(), tt.want.Error()) {
					t.Errorf("error %q does not say %q", err, tt.want.Error())
				}
				return
			}
			if err != nil {
				t.Fatalf("Stream: %v, want the stream that began", err)
			}
			got := drain(s)
			if got.text != tt.wantShown || !errors.Is(got.err, ErrStreamCut) || !strings.Contains(got.err.Error(), tt.want.Error()) {
				t.Errorf("reply %q, error %v; want %q, then ErrStreamCut saying %q", got.text, got.err, tt.wantShown, tt.want.Error())
			}
		})
	}
}

// keptAlive is a server that sends the headers of a stream and events,
// then again and again what keeps a connection open without answering,
// four times in each idle timeout, for ten timeouts, and then ends the
// stream.
func keptAlive(alive string, events ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		w.WriteHeader(200)
		for _, e := range events {
			fmt.Fprintf(w, "data: %s\n\n", e)
		}
		tick := time.NewTicker(testIdle / 4)
		defer tick.Stop()
		for range 40 {
			_, _ = io.WriteString(w, alive)
			_ = http.NewResponseController(w).Flush() // a failed flush shows as a stream that stops
			select {
			case <-tick.C:
			case <-r.Context().Done():
				return
			}
		}
	}
}

// TestKeepAlivesAreNotAnAnswer: a stream that sends, for as long as the
// idle timeout, anything but a piece of the reply is as silent as one
// that sends nothing: the count does not start again at a byte.
func TestKeepAlivesAreNotAnAnswer(t *testing.T) {
	t.Parallel()
	busy := SilenceError{Stream: true, Busy: true, After: testIdle}
	alive := []struct {
		name, bytes string
		before      SilenceError // the limit that runs out before the reply
	}{
		{"comments", ": keep-alive\n\n", busy},
		{"OpenRouter's comment", ": OPENROUTER PROCESSING\n\n", busy},
		{"a comment with no line end of its own", ":", busy},
		{"events with no data", "event: ping\n\n", busy},
		{"ids and retries", "id: 7\nretry: 1000\n\n", busy},
		{"chunks with no choices", "data: {\"choices\":[]}\n\n", busy},
		{"chunks with an empty delta", "data: {\"choices\":[{\"index\":0,\"delta\":{}}]}\n\n", busy},
		{"role chunks", "data: " + roleChunk + "\n\n", busy},
		{"reasoning ply does not show", "data: {\"choices\":[{\"delta\":{\"reasoning_content\":\"hmm\"}}]}\n\n", busy},
		{"a data line that never ends", "data: {\"choices\":", busy},
		// White space before the first byte is not yet a stream: the
		// answer's own limit, from the request, runs out.
		{"blank lines", "\n", SilenceError{After: testIdle}},
		{"carriage returns", "\r", SilenceError{After: testIdle}},
	}
	for _, a := range alive {
		t.Run(a.name+" before the reply", func(t *testing.T) {
			t.Parallel()
			_, err := quick(serve(t, keptAlive(a.bytes))).Stream(context.Background(), Request{})
			var netErr *NetworkError
			var silence *SilenceError
			if !errors.As(err, &netErr) || !errors.As(err, &silence) || *silence != a.before {
				t.Fatalf("Stream error = %v, want a *NetworkError holding a %+v (see watch.stream in silence.go)", err, a.before)
			}
		})
		t.Run(a.name+" after text", func(t *testing.T) {
			t.Parallel()
			s, err := quick(serve(t, keptAlive(a.bytes, roleChunk, textChunk))).Stream(context.Background(), Request{})
			if err != nil {
				t.Fatalf("Stream: %v, want the stream that began", err)
			}
			got := drain(s)
			if got.text != "Hi" || !errors.Is(got.err, ErrStreamCut) || !strings.Contains(got.err.Error(), busy.Error()) {
				t.Errorf("reply %q, error %v; want \"Hi\", then ErrStreamCut saying %q (see watch.stream in silence.go)", got.text, got.err, busy.Error())
			}
		})
	}
}

// TestSilentServerRetried: a server that never answers is asked
// Attempts times, each attempt ending at the idle timeout, and the error
// says which limit ran out.
func TestSilentServerRetried(t *testing.T) {
	t.Parallel()
	url, accepted := silentServer(t)
	c := &clock{}
	_, err := retrying(quick(url), c).Stream(context.Background(), Request{})
	if n := accepted.Load(); n != int32(DefaultSchedule.Attempts) || len(c.waits) != DefaultSchedule.Attempts-1 {
		t.Errorf("%d connections and %d waits, want %d and %d: a silent server is asked again (see retryable)", n, len(c.waits), DefaultSchedule.Attempts, DefaultSchedule.Attempts-1)
	}
	if err == nil || !strings.Contains(err.Error(), "sent no headers within") || !strings.Contains(err.Error(), "gave up after 5 attempts") {
		t.Errorf("error = %v, want one naming the headers' limit and the attempts", err)
	}
}

// TestSlowDripIsNotSilence: a server that drips its answer a few bytes
// at a time, each piece of the reply well within the idle timeout, is not
// silent, however long the whole answer takes.
func TestSlowDripIsNotSilence(t *testing.T) {
	if testing.Short() {
		t.Skip("drips for a second and a half")
	}
	t.Parallel()
	const hi, stop = `{"choices":[{"delta":{"content":"Hi"}}]}`, `{"choices":[{"delta":{},"finish_reason":"stop"}]}`
	const pieces = 46
	answer := strings.Repeat("data: "+hi+"\n\n", pieces) + "data: " + stop + "\n\n"
	// A piece takes some 5 drips, a tenth of the limit, and the answer
	// some 190, three times the limit.
	const limit, gap, drip = 500 * time.Millisecond, 8 * time.Millisecond, 12
	url := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "text/event-stream")
		tick := time.NewTicker(gap)
		defer tick.Stop()
		for rest := answer; rest != ""; rest = rest[min(drip, len(rest)):] {
			_, _ = io.WriteString(w, rest[:min(drip, len(rest))])
			_ = http.NewResponseController(w).Flush() // a failed write or flush shows as a cut stream below
			select {
			case <-tick.C:
			case <-r.Context().Done():
				return
			}
		}
	}))
	o := NewOpenAI(url, "")
	o.SetIdleTimeout(limit)
	start := time.Now()
	s, err := o.Stream(context.Background(), Request{})
	if err != nil {
		t.Fatal(err)
	}
	got := drain(s)
	if want := strings.Repeat("Hi", pieces); got.err != nil || got.text != want {
		t.Errorf("a drip of %d bytes every %v: reply %q, error %v; want %q and no error", drip, gap, got.text, got.err, want)
	}
	if took := time.Since(start); took < limit {
		t.Logf("the drip took %v, less than the limit: the test proves less than it says", took)
	}
}

// TestWaitText: waits read the way a person says them.
func TestWaitText(t *testing.T) {
	tests := []struct {
		d    time.Duration
		want string
	}{
		{0, "0 s"},
		{200 * time.Millisecond, "0.2 s"},
		{6 * time.Second, "6 s"},
		{59 * time.Second, "59 s"},
		{90 * time.Second, "1.5 min"},
		{5 * time.Minute, "5 min"},
		{time.Hour, "1 h"},
		{24 * time.Hour, "1 day"},
		{36 * time.Hour, "1.5 days"},
		{31 * 365 * 24 * time.Hour, "31 years"},
		{longestRetryAfter, "100 years"},
	}
	for _, tt := range tests {
		if got := waitText(tt.d); got != tt.want {
			t.Errorf("waitText(%v) = %q, want %q", tt.d, got, tt.want)
		}
	}
}

// TestSlowBody: an answer that is not a stream must come whole within the
// limit of its request, however it drips; an error body too, and the
// refusal is then reported with what of it came.
func TestSlowBody(t *testing.T) {
	t.Parallel()
	for _, status := range []int{200, 503} {
		t.Run(fmt.Sprint(status), func(t *testing.T) {
			t.Parallel()
			url := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				_, _ = io.Copy(io.Discard, r.Body)
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(status)
				tick := time.NewTicker(testIdle / 10)
				defer tick.Stop()
				for {
					_, _ = io.WriteString(w, " ") // white space, which JSON allows, a byte at a time for ever
					_ = http.NewResponseController(w).Flush()
					select {
					case <-tick.C:
					case <-r.Context().Done():
						return
					}
				}
			}))
			_, err := quick(url).Stream(context.Background(), Request{})
			var silence *SilenceError
			var apiErr *APIError
			switch {
			case status == 200 && (!errors.As(err, &silence) || *silence != (SilenceError{After: testIdle})):
				t.Errorf("Stream error = %v, want the answer's limit", err)
			case status != 200 && (!errors.As(err, &apiErr) || apiErr.Status != status):
				t.Errorf("Stream error = %v, want the %d with what of its body came in time", err, status)
			}
		})
	}
}
