package llm

import (
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
	data, _ := io.ReadAll(r.Body)
	a.got, a.gotBody = r, string(data)
	w.WriteHeader(a.status)
	io.WriteString(w, a.body)
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
		{"null content", `{"choices":[{"message":{"role":"assistant","content":null}}]}`, "", nil},
		{"first of two choices", `{"choices":[{"message":{"content":"one"}},{"message":{"content":"two"}}]}`, "one", nil},
		{"no choices", `{"choices":[]}`, "", ErrNoChoices},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url := serve(t, &answer{status: 200, body: tt.body})
			got, err := NewOpenAI(url, "").Complete(context.Background(), Request{})
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Complete error = %v, want %v", err, tt.wantErr)
			}
			if got.Content != tt.want || (err == nil && got.Role != RoleAssistant) {
				t.Errorf("Complete = %+v, want an assistant message %q", got, tt.want)
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
		io.Copy(io.Discard, r.Body) // the server sees the client leave only after the body
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
		io.Copy(io.Discard, r.Body)
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
	l.Close() // nothing listens there now
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
			conn.Close()
		}
	}()
	url := "http://" + l.Addr().String() + "/v1"
	_, err = NewOpenAI(url, "").Complete(context.Background(), Request{})
	if err == nil || !strings.HasPrefix(err.Error(), "no answer from "+url+": ") {
		t.Errorf("a server that hangs up at once: error = %v, want one starting %q", err, "no answer from "+url+": ")
	}
}
