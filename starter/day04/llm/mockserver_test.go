package llm

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
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
		})
	}
}
