package llm

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
)

// TestOpenAIReadsWhatItGets: the answer's first byte decides how it is
// read, whatever its Content-Type says.
func TestOpenAIReadsWhatItGets(t *testing.T) {
	whole := `{"choices":[{"message":{"role":"assistant","content":"Whole."},"finish_reason":"stop"}]}`
	tests := []struct {
		name, contentType, body string
		want                    string
	}{
		{"JSON labelled as JSON", "application/json", whole, "Whole."},
		{"JSON labelled as a stream", "text/event-stream", whole, "Whole."},
		{"JSON labelled as text", "text/plain", whole, "Whole."},
		{"JSON with no label", "", whole, "Whole."},
		{"JSON after white space", "text/event-stream", "\n  \r\n" + whole, "Whole."},
		{"a stream labelled as JSON", "application/json", okStream, "Hi"},
		{"a stream that starts with a comment", "text/event-stream", ": keep-alive\n\n" + okStream, "Hi"},
		{"a stream after blank lines", "text/event-stream", "\n\n" + okStream, "Hi"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			url := serve(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header()["Content-Type"] = []string{tt.contentType} // set as given, even empty
				io.WriteString(w, tt.body)
			}))
			got := streamFrom(t, url)
			if got.err != nil || got.text != tt.want {
				t.Errorf("reply %q (error %v), want %q (see OpenAI.read in openai.go)", got.text, got.err, tt.want)
			}
		})
	}
}

// TestOpenAIEmptyAnswer: a 200 with no body at all is no answer, and may
// be asked again.
func TestOpenAIEmptyAnswer(t *testing.T) {
	url := serve(t, &answer{status: 200, body: ""})
	_, err := NewOpenAI(url, "").Stream(context.Background(), Request{})
	var netErr *NetworkError
	if !errors.As(err, &netErr) || !strings.HasPrefix(err.Error(), "no answer from "+url) {
		t.Errorf("Stream on an empty 200 = %v, want a *NetworkError starting \"no answer from\"", err)
	}
}

// TestWholeReplyFinish: an answer in one piece keeps the finish reason and
// usage the server gave, and gets one from its content when it gave none.
// (One cut at the length limit, or empty, is an error: see
// TestOpenAIWholeReply.)
func TestWholeReplyFinish(t *testing.T) {
	tests := []struct {
		name, body string
		finish     string
		usage      *Usage
	}{
		{"filtered", `{"choices":[{"message":{"role":"assistant","content":"Once upon"},"finish_reason":"content_filter"}],` +
			`"usage":{"prompt_tokens":9,"completion_tokens":2,"total_tokens":11}}`, "content_filter", &Usage{9, 2}},
		{"no reason, text", `{"choices":[{"message":{"content":"Hi"}}]}`, "stop", nil},
		{"no reason, a call", `{"choices":[{"message":{"tool_calls":[{"id":"c1","type":"function","function":{"name":"f","arguments":"{}"}}]}}]}`, "tool_calls", nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := streamFrom(t, serve(t, &answer{status: 200, contentType: "application/json", body: tt.body}))
			if got.finish != tt.finish || (got.usage == nil) != (tt.usage == nil) || (got.usage != nil && *got.usage != *tt.usage) {
				t.Errorf("finish %q, usage %v; want %q, %v (see decodeReply in wire.go)", got.finish, got.usage, tt.finish, tt.usage)
			}
		})
	}
}

// picky is a server that refuses any request holding "stream_options", the
// way OpenAI refuses a parameter a model does not take, and streams an
// answer to any other. It counts both.
type picky struct {
	refused, answered atomic.Int32
}

func (p *picky) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	if strings.Contains(string(body), "stream_options") {
		p.refused.Add(1)
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(400)
		io.WriteString(w, `{"error":{"message":"Unsupported parameter: 'stream_options' is not supported with this model.",`+
			`"type":"invalid_request_error","param":"stream_options","code":"unsupported_parameter"}}`)
		return
	}
	p.answered.Add(1)
	w.Header().Set("Content-Type", "text/event-stream")
	io.WriteString(w, sse(textChunk, stopChunk, "[DONE]"))
}

// TestStreamOptionsRefused: the first request is refused and asked once
// more without stream_options; every later one goes without it at once.
func TestStreamOptionsRefused(t *testing.T) {
	p := &picky{}
	o := NewOpenAI(serve(t, p), "")
	for i := 1; i <= 3; i++ {
		s, err := o.Stream(context.Background(), Request{})
		if err != nil {
			t.Fatalf("request %d: %v", i, err)
		}
		if got := drain(s); got.text != "Hi" || got.err != nil {
			t.Errorf("request %d: reply %q (error %v), want \"Hi\"", i, got.text, got.err)
		}
	}
	if p.refused.Load() != 1 || p.answered.Load() != 3 {
		t.Errorf("the server refused %d requests and answered %d; want 1 refused, then 3 answered: ply remembers", p.refused.Load(), p.answered.Load())
	}
}

// TestOtherRefusalsNotRetried: a 400 about something else is reported, not
// sent again.
func TestOtherRefusalsNotRetried(t *testing.T) {
	srv := &sequence{handlers: []http.HandlerFunc{refuse(400, "unsupported_parameter"), stream}}
	_, err := NewOpenAI(serve(t, srv), "").Stream(context.Background(), Request{})
	if err == nil || srv.calls.Load() != 1 {
		t.Errorf("error %v after %d requests, want the 400 after 1", err, srv.calls.Load())
	}
}
