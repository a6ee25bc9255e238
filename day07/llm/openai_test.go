package llm

import (
	"bufio"
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
	data, _ := io.ReadAll(r.Body) // a body cut short is judged as it arrived
	a.got, a.gotBody = r, string(data)
	w.Header().Set("Content-Type", cmp.Or(a.contentType, "text/event-stream"))
	w.WriteHeader(a.status)
	_, _ = io.WriteString(w, a.body) // a failed write shows as a broken answer in the test
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
		{"null content", `{"choices":[{"message":{"role":"assistant","content":null}}]}`, "", ErrEmptyReply},
		{"empty content", `{"choices":[{"message":{"role":"assistant","content":""},"finish_reason":"stop"}]}`, "", ErrEmptyReply},
		{"no choices", `{"choices":[]}`, "", ErrNoChoices},
		{"stopped at the output limit", `{"choices":[{"message":{"content":"Once upon a"},"finish_reason":"length"}]}`, "", ErrOutputLimit},
		{"nothing before the output limit", `{"choices":[{"message":{"content":""},"finish_reason":"length"}]}`, "", ErrOutputLimit},
		{"tool calls and no text are not empty", `{"choices":[{"message":{"content":null,"tool_calls":[{"id":"c1","type":"function",` +
			`"function":{"name":"list_dir","arguments":"{}"}}]},"finish_reason":"tool_calls"}]}`, "", nil},
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
		{"the key in plain text is hidden", 401, "bad key sk-secret-1\n", "401 Unauthorized: bad key [API key]"},
		{"an HTML page with the key says nothing", 502, "<html><p>sk-secret-1</p></html>", "502 Bad Gateway"},
		{"a password in a URL is hidden", 502, `{"error":{"message":"proxy http://bob:hunter2@proxy.local/v1 is down"}}`,
			"502 Bad Gateway: proxy http://***@proxy.local/v1 is down"},
		{"lines of a message join", 400, `{"error":{"message":"first\nsecond\tthird"}}`, "400 Bad Request: first second third"},
		{"bytes that are not UTF-8", 500, "broken \xff byte", "500 Internal Server Error: broken \uFFFD byte"},
		{"a long message is cut", 400, `{"error":{"message":"` + strings.Repeat("x", 5000) + `"}}`,
			"400 Bad Request: " + strings.Repeat("x", maxServerText-1) + "…"},
		{"a huge body is read only in part", 400, `{"error":{"message":"` + strings.Repeat("y", 10<<20) + `"}}`,
			"400 Bad Request: " + `{"error":{"message":"` + strings.Repeat("y", maxServerText-22) + "…"},
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
		_, _ = io.Copy(io.Discard, r.Body) // the server sees the client leave only after the body; a read error is a client gone already
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
	_ = l.Close() // nothing listens there now; a failed close would show as a different error below
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
			_ = http.NewResponseController(w).Flush() // a failed flush shows as a stream that stops
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
			_ = conn.Close() // hanging up is the whole answer; how it went makes no difference
		}
	}()
	url := "http://" + l.Addr().String() + "/v1"
	_, err = NewOpenAI(url, "").Stream(context.Background(), Request{})
	if err == nil || !strings.HasPrefix(err.Error(), "no answer from "+url+": ") {
		t.Errorf("a server that hangs up at once: error = %v, want one starting %q", err, "no answer from "+url+": ")
	}
}

// TestOpenAIRefusesRedirects points the client at a server that redirects
// to a second one, which notes every request it gets: the second server
// must see none, and the error must say where the first one pointed.
func TestOpenAIRefusesRedirects(t *testing.T) {
	var leaked []string // what reached the second server
	elsewhere := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		leaked = append(leaked, r.Method+" "+r.URL.Path+" Authorization="+r.Header.Get("Authorization"))
		_, _ = io.WriteString(w, okStream) // never read: the client must not get here
	}))
	tests := []struct {
		name     string
		status   int
		location string
		want     string // the place the error names
	}{
		{"307 to another port", 307, elsewhere + "/v1/chat/completions", elsewhere + "/v1/chat/completions"},
		{"308 to another port", 308, elsewhere + "/v1/chat/completions", elsewhere + "/v1/chat/completions"},
		{"301", 301, elsewhere + "/v1/chat/completions", elsewhere + "/v1/chat/completions"},
		{"302", 302, elsewhere + "/", elsewhere + "/"},
		{"303", 303, elsewhere + "/", elsewhere + "/"},
		{"a relative Location", 307, "/v2/chat/completions", "/v2/chat/completions"},
		{"no Location", 307, "", "another address, without saying which"},
		{"a password and the key in the Location", 307, "http://bob:hunter2@127.0.0.1:1/v1?key=sk-secret-1",
			"http://***@127.0.0.1:1/v1?key=[API key]"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			leaked = nil
			url := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				if tt.location != "" {
					w.Header().Set("Location", tt.location)
				}
				w.WriteHeader(tt.status)
			}))
			_, err := NewOpenAI(url+"/v1", "sk-secret-1").Stream(context.Background(), Request{})
			var redirect *RedirectError
			if !errors.As(err, &redirect) || redirect.Status != tt.status {
				t.Fatalf("Stream error = %v, want a *RedirectError with status %d", err, tt.status)
			}
			if !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), "set OPENAI_BASE_URL to the final address") {
				t.Errorf("error %q, want it to name %q and say to set OPENAI_BASE_URL", err, tt.want)
			}
			if strings.Contains(err.Error(), "sk-secret-1") || strings.Contains(err.Error(), "hunter2") {
				t.Errorf("error %q shows a secret", err)
			}
			if len(leaked) > 0 {
				t.Errorf("the server redirected to got %q: the client followed the redirect", leaked)
			}
		})
	}
}

// TestOpenAIRefusesRedirectFromHTTPS is the worst case: from https to
// plain http on the same host, where Go's client would keep the
// Authorization header.
func TestOpenAIRefusesRedirectFromHTTPS(t *testing.T) {
	leaked := false
	plain := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { leaked = true }))
	tls := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, plain+r.URL.Path, http.StatusPermanentRedirect)
	}))
	t.Cleanup(tls.Close)
	o := NewOpenAI(tls.URL+"/v1", "sk-secret-1")
	o.client.Transport.(*http.Transport).TLSClientConfig = tls.Client().Transport.(*http.Transport).TLSClientConfig
	_, err := o.Stream(context.Background(), Request{})
	var redirect *RedirectError
	if !errors.As(err, &redirect) || !strings.Contains(err.Error(), plain+"/v1/chat/completions") {
		t.Errorf("Stream error = %v, want a *RedirectError naming %s", err, plain+"/v1/chat/completions")
	}
	if leaked {
		t.Error("the plain-http server got a request: the client followed the redirect from https")
	}
}

// TestOpenAIHidesBaseURLPassword checks that an error naming the server
// does not show the password of a base URL such as a proxy's.
func TestOpenAIHidesBaseURLPassword(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close() // nothing listens there now; a failed close would show as a different error below
	_, err = NewOpenAI("http://bob:hunter2@"+addr+"/v1", "").Stream(context.Background(), Request{})
	want := "cannot reach http://***@" + addr + "/v1: "
	if err == nil || !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("Stream error = %v, want one starting %q, with no password", err, want)
	}
}

// TestOpenAIBrokenServerHidesKey talks to a server that answers with a
// line that is not HTTP, holding the key: Go's client quotes that line in
// its error, and the key must not get through.
func TestOpenAIBrokenServerHidesKey(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = l.Close() }) // the test is over; nothing is left to tell
	go func() {
		for {
			conn, err := l.Accept()
			if err != nil {
				return // the test is over
			}
			// Read the whole request before answering: Go's client drops a
			// reply that comes before its request as unsolicited.
			if req, err := http.ReadRequest(bufio.NewReader(conn)); err == nil {
				_, _ = io.Copy(io.Discard, req.Body) // a short body shows below as a missing quote
			}
			_, _ = io.WriteString(conn, "HTTP/1.1 sk-secret-1 OK\r\n\r\n") // a write that fails makes no error to find
			_ = conn.Close()                                               // nothing is left to tell the client
		}
	}()
	_, err = NewOpenAI("http://"+l.Addr().String()+"/v1", "sk-secret-1").Stream(context.Background(), Request{})
	if err == nil || strings.Contains(err.Error(), "sk-secret-1") {
		t.Fatalf("Stream error = %v, want an error without the key", err)
	}
	if !strings.Contains(err.Error(), "[API key]") {
		t.Errorf("Stream error = %v, want the server's line quoted with [API key] for the key", err)
	}
}

// TestOpenAIMidStreamErrorHidesKey has a server fail mid-reply with the
// key in its message: the error the stream ends with shows it blanked.
func TestOpenAIMidStreamErrorHidesKey(t *testing.T) {
	body := sse(textChunk, `{"error":{"message":"quota exceeded for sk-secret-1"}}`)
	s, err := NewOpenAI(serve(t, &answer{status: 200, body: body}), "sk-secret-1").Stream(context.Background(), Request{})
	if err != nil {
		t.Fatalf("Stream: %v", err)
	}
	got := drain(s)
	if want := "the server failed mid-reply: quota exceeded for [API key]"; got.err == nil || got.err.Error() != want {
		t.Errorf("the stream ended with %v, want %q", got.err, want)
	}
}
