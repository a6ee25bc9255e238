package llm

import (
	"bufio"
	"context"
	"errors"
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
	status int
	body   string

	got     *http.Request
	gotBody string
}

func (a *answer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	data, _ := io.ReadAll(r.Body) // a body cut short is judged as it arrived
	a.got, a.gotBody = r, string(data)
	w.WriteHeader(a.status)
	_, _ = io.WriteString(w, a.body) // a failed write shows as a broken answer in the test
}

// serve starts a loopback server for h, closed when the test ends.
func serve(t *testing.T, h http.Handler) string {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	return srv.URL
}

const okReply = `{"choices":[{"index":0,"message":{"role":"assistant","content":"Hi."},"finish_reason":"stop"}]}`

func TestOpenAIRequest(t *testing.T) {
	a := &answer{status: 200, body: okReply}
	url := serve(t, a)
	req := Request{Model: "m1", Messages: []Message{{Role: RoleSystem, Content: "be brief"}, {Role: RoleUser, Content: "hi"}}}
	if _, err := NewOpenAI(url+"/v1/", "sk-1").Complete(context.Background(), req); err != nil {
		t.Errorf("Complete: %v (the request is judged all the same)", err)
	}
	if a.got == nil {
		t.Fatal("the server got no request")
	}
	checks := []struct{ what, got, want string }{
		{"method", a.got.Method, "POST"},
		{"path", a.got.URL.Path, "/v1/chat/completions"},
		{"Content-Type", a.got.Header.Get("Content-Type"), "application/json"},
		{"Authorization", a.got.Header.Get("Authorization"), "Bearer sk-1"},
		{"body", a.gotBody, `{"model":"m1","messages":[{"role":"system","content":"be brief"},{"role":"user","content":"hi"}]}`},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("request %s = %q, want %q (see newRequest in openai.go, and toWire in wire.go for the body)", c.what, c.got, c.want)
		}
	}
}

func TestOpenAINoKeyNoHeader(t *testing.T) {
	a := &answer{status: 200, body: okReply}
	if _, err := NewOpenAI(serve(t, a), "").Complete(context.Background(), Request{}); err != nil {
		t.Fatalf("Complete: %v", err)
	}
	if auth, ok := a.got.Header["Authorization"]; ok {
		t.Errorf("with no key, Authorization = %q, want no header at all", auth)
	}
}

func TestOpenAIReply(t *testing.T) {
	tests := []struct {
		name, body string
		want       string
		wantErr    error
	}{
		{"text", okReply, "Hi.", nil},
		{"null content", `{"choices":[{"message":{"role":"assistant","content":null}}]}`, "", ErrEmptyReply},
		{"empty content", `{"choices":[{"message":{"role":"assistant","content":""},"finish_reason":"stop"}]}`, "", ErrEmptyReply},
		{"no role", `{"choices":[{"message":{"content":"Hi."},"finish_reason":"stop"}]}`, "Hi.", nil},
		{"no finish_reason", `{"choices":[{"message":{"role":"assistant","content":"Hi."}}]}`, "Hi.", nil},
		{"first of two choices", `{"choices":[{"message":{"content":"one"}},{"message":{"content":"two"}}]}`, "one", nil},
		{"no choices", `{"choices":[]}`, "", ErrNoChoices},
		{"stopped at the output limit", `{"choices":[{"message":{"content":"Once upon a"},"finish_reason":"length"}]}`, "", ErrOutputLimit},
		{"nothing before the output limit", `{"choices":[{"message":{"content":""},"finish_reason":"length"}]}`, "", ErrOutputLimit},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url := serve(t, &answer{status: 200, body: tt.body})
			got, err := NewOpenAI(url, "").Complete(context.Background(), Request{})
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Complete error = %v, want %v", err, tt.wantErr)
			}
			if got.Content != tt.want || (err == nil && got.Role != RoleAssistant) {
				t.Errorf("Complete = %+v, want an assistant message %q (see decodeReply in wire.go)", got, tt.want)
			}
		})
	}
}

func TestOpenAIBadJSON(t *testing.T) {
	url := serve(t, &answer{status: 200, body: `{"choices":[`})
	_, err := NewOpenAI(url, "").Complete(context.Background(), Request{})
	if err == nil || !strings.Contains(err.Error(), "read the server's answer") {
		t.Errorf("Complete on a cut answer: error = %v, want one that says the answer could not be read", err)
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
			url := serve(t, &answer{status: tt.status, body: tt.body})
			_, err := NewOpenAI(url, "sk-secret-1").Complete(context.Background(), Request{})
			var apiErr *APIError
			if !errors.As(err, &apiErr) {
				t.Fatalf("Complete error = %v, want an *APIError", err)
			}
			if apiErr.Status != tt.status || err.Error() != tt.want {
				t.Errorf("error = %q (status %d), want %q (see serverMessage in errors.go)", err, apiErr.Status, tt.want)
			}
		})
	}
}

func TestOpenAICancel(t *testing.T) {
	arrived := make(chan struct{})
	url := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body) // the server sees the client leave only after the body; a read error is a client gone already
		close(arrived)
		<-r.Context().Done()
	}))
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		<-arrived
		cancel()
	}()
	_, err := NewOpenAI(url, "").Complete(ctx, Request{})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("Complete cancelled mid-request: error = %v, want context.Canceled", err)
	}
}

func TestOpenAIDeadline(t *testing.T) {
	url := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body) // as in TestOpenAICancel
		<-r.Context().Done()
	}))
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := NewOpenAI(url, "").Complete(ctx, Request{})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Complete past its deadline: error = %v, want context.DeadlineExceeded", err)
	}
}

func TestOpenAIUnreachable(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	url := "http://" + l.Addr().String() + "/v1"
	_ = l.Close() // nothing listens there now; a failed close would show as a different error below
	_, err = NewOpenAI(url, "").Complete(context.Background(), Request{})
	if err == nil || !strings.HasPrefix(err.Error(), "cannot reach "+url+": ") {
		t.Errorf("Complete to a closed port: error = %v, want one starting %q", err, "cannot reach "+url+": ")
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
	_, err = NewOpenAI(url, "").Complete(context.Background(), Request{})
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
		_, _ = io.WriteString(w, okReply) // never read: the client must not get here
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
			_, err := NewOpenAI(url+"/v1", "sk-secret-1").Complete(context.Background(), Request{})
			var redirect *RedirectError
			if !errors.As(err, &redirect) || redirect.Status != tt.status {
				t.Fatalf("Complete error = %v, want a *RedirectError with status %d", err, tt.status)
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
	_, err := o.Complete(context.Background(), Request{})
	var redirect *RedirectError
	if !errors.As(err, &redirect) || !strings.Contains(err.Error(), plain+"/v1/chat/completions") {
		t.Errorf("Complete error = %v, want a *RedirectError naming %s", err, plain+"/v1/chat/completions")
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
	_, err = NewOpenAI("http://bob:hunter2@"+addr+"/v1", "").Complete(context.Background(), Request{})
	want := "cannot reach http://***@" + addr + "/v1: "
	if err == nil || !strings.HasPrefix(err.Error(), want) || strings.Contains(err.Error(), "hunter2") {
		t.Errorf("Complete error = %v, want one starting %q, with no password", err, want)
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
	_, err = NewOpenAI("http://"+l.Addr().String()+"/v1", "sk-secret-1").Complete(context.Background(), Request{})
	if err == nil || strings.Contains(err.Error(), "sk-secret-1") {
		t.Fatalf("Complete error = %v, want an error without the key", err)
	}
	if !strings.Contains(err.Error(), "[API key]") {
		t.Errorf("Complete error = %v, want the server's line quoted with [API key] for the key", err)
	}
}
