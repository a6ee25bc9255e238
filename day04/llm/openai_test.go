package llm

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// answer serves every request with status and body, and keeps the last
// request and its body for the test to inspect after the call returns.
type answer struct {
	status      int
	contentType string // text/event-stream when empty
	body        string

	got     *http.Request
	gotBody string
}

func (a *answer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	data, _ := io.ReadAll(r.Body)
	a.got, a.gotBody = r, string(data)
	w.Header().Set("Content-Type", cmp.Or(a.contentType, "text/event-stream"))
	w.WriteHeader(a.status)
	io.WriteString(w, a.body)
}

// serve starts a loopback server for h, closed when the test ends.
func serve(t testing.TB, h http.Handler) string {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

// streamFrom asks the server at url and drains its reply.
func streamFrom(t *testing.T, url string) result {
	t.Helper()
	s, err := NewOpenAI(url, "").Stream(context.Background(), Request{})
	if err != nil {
		t.Fatalf("Stream: %v", err)
	}
	return drain(s)
}

var okStream = sse(roleChunk, textChunk, stopChunk, usageChunk, "[DONE]")

func TestOpenAIRequest(t *testing.T) {
	a := &answer{status: 200, body: okStream}
	url := serve(t, a)
	req := Request{Model: "m1", Messages: []Message{{Role: RoleSystem, Content: "be brief"}, {Role: RoleUser, Content: "hi"}}}
	s, err := NewOpenAI(url+"/v1/", "sk-1").Stream(context.Background(), req)
	if err != nil {
		t.Fatalf("Stream: %v", err)
	}
	drain(s)
	checks := []struct{ what, got, want string }{
		{"method", a.got.Method, "POST"},
		{"path", a.got.URL.Path, "/v1/chat/completions"},
		{"Content-Type", a.got.Header.Get("Content-Type"), "application/json"},
		{"Accept", a.got.Header.Get("Accept"), "text/event-stream"},
		{"Authorization", a.got.Header.Get("Authorization"), "Bearer sk-1"},
		{"body", a.gotBody, `{"model":"m1","messages":[{"role":"system","content":"be brief"},{"role":"user","content":"hi"}],` +
			`"stream":true,"stream_options":{"include_usage":true}}`},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("request %s = %q, want %q (see newRequest in openai.go, and toWire in wire.go for the body)", c.what, c.got, c.want)
		}
	}
}

func TestOpenAINoKeyNoHeader(t *testing.T) {
	a := &answer{status: 200, body: okStream}
	streamFrom(t, serve(t, a))
	if auth, ok := a.got.Header["Authorization"]; ok {
		t.Errorf("with no key, Authorization = %q, want no header at all", auth)
	}
}

func TestOpenAIStream(t *testing.T) {
	got := streamFrom(t, serve(t, &answer{status: 200, body: okStream}))
	if got.err != nil || got.text != "Hi" || got.finish != "stop" || got.usage == nil || *got.usage != (Usage{5, 1}) {
		t.Errorf("got %+v, want the text \"Hi\", finish \"stop\", usage {5 1} and no error", got)
	}
}

func TestOpenAIWholeReplyBadJSON(t *testing.T) {
	url := serve(t, &answer{status: 200, contentType: "application/json", body: `{"choices":[`})
	_, err := NewOpenAI(url, "").Stream(context.Background(), Request{})
	if err == nil || !strings.Contains(err.Error(), "read the server's answer") {
		t.Errorf("Stream on a cut answer in one piece: error = %v, want one that says the answer could not be read", err)
	}
}

// A server that ignores "stream": true and answers in one piece still works.
func TestOpenAIWholeReply(t *testing.T) {
	tests := []struct {
		name, body string
		want       string
		wantErr    error
	}{
		{"text", `{"choices":[{"index":0,"message":{"role":"assistant","content":"Hi."},"finish_reason":"stop"}]}`, "Hi.", nil},
		{"null content", `{"choices":[{"message":{"role":"assistant","content":null}}]}`, "", nil},
		{"no choices", `{"choices":[]}`, "", ErrNoChoices},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url := serve(t, &answer{status: 200, contentType: "application/json; charset=utf-8", body: tt.body})
			s, err := NewOpenAI(url, "").Stream(context.Background(), Request{})
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Stream error = %v, want %v", err, tt.wantErr)
			}
			if err != nil {
				return
			}
			if got := drain(s); got.text != tt.want || got.err != nil {
				t.Errorf("reply %q (error %v), want %q", got.text, got.err, tt.want)
			}
		})
	}
}

func TestOpenAIErrors(t *testing.T) {
	tests := []struct {
		name   string
		status int
		body   string
		want   string // the whole error text
	}{
		{"OpenAI's shape", 401, `{"error":{"message":"Incorrect API key provided: sk-abc***xyz.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`,
			"401 Unauthorized: Incorrect API key provided: sk-abc***xyz."},
		{"Ollama's shape", 404, `{"error":"model \"qwen9\" not found, try pulling it first"}`,
			`404 Not Found: model "qwen9" not found, try pulling it first`},
		{"plain text", 502, "upstream connect error\nmore detail", "502 Bad Gateway: upstream connect error"},
		{"JSON of another shape", 404, `{"detail":"Not Found"}`, `404 Not Found: {"detail":"Not Found"}`},
		{"an HTML page says nothing", 503, "<html><body>Service Unavailable</body></html>", "503 Service Unavailable"},
		{"empty body", 500, "", "500 Internal Server Error"},
		{"the key echoed back is hidden", 403, `{"error":{"message":"key sk-secret-1 is not allowed"}}`,
			"403 Forbidden: key [API key] is not allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url := serve(t, &answer{status: tt.status, contentType: "application/json", body: tt.body})
			_, err := NewOpenAI(url, "sk-secret-1").Stream(context.Background(), Request{})
			var apiErr *APIError
			if !errors.As(err, &apiErr) {
				t.Fatalf("Stream error = %v, want an *APIError", err)
			}
			if apiErr.Status != tt.status || err.Error() != tt.want {
				t.Errorf("error = %q (status %d), want %q (see serverMessage in errors.go)", err, apiErr.Status, tt.want)
			}
		})
	}
}

// hold is a server that takes the request and then answers nothing until
// the client leaves. It closes arrived when the request is in.
func hold(arrived chan<- struct{}) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body) // the server sees the client leave only after the body
		close(arrived)
		<-r.Context().Done()
	}
}

func TestOpenAICancel(t *testing.T) {
	arrived := make(chan struct{})
	url := serve(t, hold(arrived))
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-arrived
		cancel()
	}()
	_, err := NewOpenAI(url, "").Stream(ctx, Request{})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Stream cancelled before the answer: error = %v, want context.Canceled", err)
	}
}

// TestOpenAICancelMidStream cancels while the client waits, blocked, for
// the next fragment of a reply that has begun.
func TestOpenAICancelMidStream(t *testing.T) {
	next := make(chan struct{}) // never sent on: the server holds back the rest
	url := serve(t, drip([]string{textChunk, stopChunk}, next))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, err := NewOpenAI(url, "").Stream(ctx, Request{})
	if err != nil {
		t.Fatal(err)
	}
	if !s.Next() {
		t.Fatalf("no first fragment: %v", s.Err())
	}
	go cancel() // while Next below waits for the network
	if s.Next() || !errors.Is(s.Err(), context.Canceled) {
		t.Errorf("after cancel, Next went on or Err = %v; want it to stop with context.Canceled", s.Err())
	}
}

func TestOpenAIDeadline(t *testing.T) {
	url := serve(t, hold(make(chan struct{})))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := NewOpenAI(url, "").Stream(ctx, Request{})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Stream past its deadline: error = %v, want context.DeadlineExceeded", err)
	}
}

func TestOpenAIUnreachable(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + l.Addr().String() + "/v1"
	l.Close() // nothing listens there now
	_, err = NewOpenAI(url, "").Stream(context.Background(), Request{})
	if err == nil || !strings.HasPrefix(err.Error(), "cannot reach "+url+": ") {
		t.Errorf("Stream to a closed port: error = %v, want one starting %q", err, "cannot reach "+url+": ")
	}
}

// drip is a server that sends one event, then waits for a value on next
// before each following one: the test decides when the server speaks.
func drip(events []string, next <-chan struct{}) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		for i, e := range events {
			if i > 0 {
				select {
				case <-next:
				case <-r.Context().Done():
					return
				}
			}
			fmt.Fprintf(w, "data: %s\n\n", e)
			http.NewResponseController(w).Flush()
		}
	}
}

// TestNoBuffering shows that a fragment reaches the caller while the server
// is still holding back the rest: nothing between the socket and Next
// waits for more data than one event.
func TestNoBuffering(t *testing.T) {
	next := make(chan struct{})
	url := serve(t, drip([]string{textChunk, stopChunk, "[DONE]"}, next))
	s, err := NewOpenAI(url, "").Stream(context.Background(), Request{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	first := make(chan bool)
	go func() { first <- s.Next() }()
	select {
	case ok := <-first:
		if !ok || s.Delta().Text != "Hi" {
			t.Fatalf("first Next = %v, delta %+v (error %v), want the text \"Hi\"", ok, s.Delta(), s.Err())
		}
	case <-time.After(10 * time.Second):
		close(next) // let the server finish so the test can end
		t.Fatal("the first fragment did not arrive while the server held back the rest: something buffers")
	}
	close(next)
	if got := drain(s); got.err != nil || got.finish != "stop" {
		t.Errorf("the rest of the stream: %+v, want finish \"stop\" and no error", got)
	}
}

// BenchmarkFragmentLatency measures one round of a fragment over loopback:
// the caller's Next waits, the server writes and flushes the fragment, it
// comes through the SSE reader and the chunk decoder, and the caller hands
// the turn back to the server. The allocations counted are the server's
// and the client's together.
func BenchmarkFragmentLatency(b *testing.B) {
	events := make([]string, b.N+1)
	for i := range b.N {
		events[i] = textChunk
	}
	events[b.N] = stopChunk
	next := make(chan struct{})
	url := serve(b, drip(events, next))
	s, err := NewOpenAI(url, "").Stream(context.Background(), Request{})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if !s.Next() {
			b.Fatalf("stream ended early: %v", s.Err())
		}
		next <- struct{}{}
	}
}

// TestOpenAINoAnswer talks to a server that takes the connection and hangs
// up without a word: the server was reached, so the error says it gave no
// answer rather than that it could not be reached.
func TestOpenAINoAnswer(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		for {
			conn, err := l.Accept()
			if err != nil {
				return // the test is over
			}
			conn.Close()
		}
	}()
	url := "http://" + l.Addr().String() + "/v1"
	_, err = NewOpenAI(url, "").Stream(context.Background(), Request{})
	if err == nil || !strings.HasPrefix(err.Error(), "no answer from "+url+": ") {
		t.Errorf("a server that hangs up at once: error = %v, want one starting %q", err, "no answer from "+url+": ")
	}
}
