package llm

import (
	"bufio"
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestMockServerRoundTrip drives the real client against the Mock's server
// and expects exactly what the Mock says in-process.
func TestMockServerRoundTrip(t *testing.T) {
	url := serve(t, MockHandler())
	req := Request{Model: "any", Messages: chat("remember that the sky is green", "Noted.", "what did I ask you to remember?")}
	s, err := NewOpenAI(url+"/v1", "").Stream(context.Background(), req)
	if err != nil {
		t.Fatalf("Stream: %v", err)
	}
	got := drain(s)
	want := scriptReply(req.Messages)
	if got.err != nil || got.text != want || got.finish != "stop" {
		t.Errorf("over HTTP: %q (finish %q, error %v), want %q", got.text, got.finish, got.err, want)
	}
	if got.pieces < 2 || got.usage == nil {
		t.Errorf("over HTTP the reply came in %d pieces with usage %v, want several pieces and the usage", got.pieces, got.usage)
	}
}

func TestMockServerAnswers(t *testing.T) {
	url := serve(t, MockHandler()) + "/v1/chat/completions"
	tests := []struct {
		name, method, body string
		status             int
		contentType        string
		contains           string
	}{
		{"stream", "POST", `{"stream":true,"messages":[{"role":"user","content":"hi"}]}`, 200, "text/event-stream", "data: [DONE]\n\n"},
		{"no usage unless asked", "POST", `{"stream":true,"messages":[]}`, 200, "text/event-stream", `"finish_reason":"stop"`},
		{"usage when asked", "POST", `{"stream":true,"stream_options":{"include_usage":true},"messages":[]}`, 200, "text/event-stream", `"choices":[],"usage"`},
		{"in one piece", "POST", `{"messages":[{"role":"user","content":"hi"}]}`, 200, "application/json", `"content":"Hello!`},
		{"not JSON", "POST", `{"messages":`, 400, "application/json", `"message":"the request body is not JSON`},
		{"wrong method", "GET", ``, 405, "text/plain", "Method Not Allowed"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req, _ := http.NewRequest(tt.method, url, strings.NewReader(tt.body)) // the table's methods and the test's URL are valid
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer resp.Body.Close()
			body, _ := io.ReadAll(resp.Body) // a body cut short is judged as it arrived
			if resp.StatusCode != tt.status || !strings.HasPrefix(resp.Header.Get("Content-Type"), tt.contentType) ||
				!strings.Contains(string(body), tt.contains) {
				t.Errorf("%s: %d %s %q; want %d %s with %q", tt.name, resp.StatusCode, resp.Header.Get("Content-Type"), body,
					tt.status, tt.contentType, tt.contains)
			}
			if tt.name == "no usage unless asked" && strings.Contains(string(body), `"usage"`) {
				t.Errorf("usage sent though the request did not ask for it: %s", body)
			}
			// A proxy that caches a stream hands the next client an old reply.
			if got := resp.Header.Get("Cache-Control"); tt.contentType == "text/event-stream" && got != "no-cache" {
				t.Errorf("%s: Cache-Control %q, want no-cache", tt.name, got)
			}
		})
	}
}

// heldStream hands out its first delta, then holds the rest back until
// release is closed, as a model that is still writing.
type heldStream struct {
	deltas  []StreamDelta
	release <-chan struct{}
	now     StreamDelta
	next    int // the index of the delta Next hands out next
}

func (s *heldStream) Next() bool {
	if s.next == 1 {
		<-s.release
	}
	if s.next == len(s.deltas) {
		return false
	}
	s.now = s.deltas[s.next]
	s.next++
	return true
}

func (s *heldStream) Delta() StreamDelta { return s.now }
func (s *heldStream) Err() error         { return nil }
func (s *heldStream) Close() error       { return nil }

// TestMockServerFlushes shows that each event leaves the Mock's server as
// it is written: the client reads the first while the stream still holds
// back the rest. Without a flush, Go's server keeps small writes in its
// buffer, the headers included, until the handler returns.
func TestMockServerFlushes(t *testing.T) {
	release := make(chan struct{})
	defer close(release) // before the server closes, so that its handler can end
	url := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		deltas := []StreamDelta{{Text: "Hel"}, {Text: "lo", Finish: "stop"}}
		writeEvents(w, &heldStream{deltas: deltas, release: release}, false)
	}))
	first := make(chan string, 1)
	go func() {
		resp, err := http.Post(url, "application/json", nil)
		if err != nil {
			first <- err.Error()
			return
		}
		defer resp.Body.Close()
		line, _ := bufio.NewReader(resp.Body).ReadString('\n') // a line cut short fails the check below
		first <- line
	}()
	select {
	case line := <-first:
		if !strings.Contains(line, `"content":"Hel"`) {
			t.Errorf("the first line is %q, want the event with \"Hel\" (see day02's exercise 5)", line)
		}
	case <-time.After(10 * time.Second):
		t.Error("the first event did not reach the client while the stream held back the rest: flush each event (see day02's exercise 5)")
	}
}
