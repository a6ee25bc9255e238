package selftest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"

	"ply/day02/llm"
)

// seen is what the fake server saw of a request.
type seen struct {
	method, path  string
	auth, content string // the Authorization and Content-Type headers
	body          struct {
		Model         string `json:"model"`
		Stream        bool   `json:"stream"`
		StreamOptions struct {
			IncludeUsage bool `json:"include_usage"`
		} `json:"stream_options"`
		Messages []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
	}
}

// fakeServer starts a loopback server that answers every request with
// status and body (as an event stream when status is 200), and passes what
// it saw of the first request to the channel. The caller closes the server.
func fakeServer(status int, body string) (*httptest.Server, <-chan seen) {
	requests := make(chan seen, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s := seen{method: r.Method, path: r.URL.Path,
			auth: r.Header.Get("Authorization"), content: r.Header.Get("Content-Type")}
		data, _ := io.ReadAll(r.Body) // a body cut short is judged as it arrived
		// A body that does not decode leaves s.body empty, which the check reports.
		_ = json.Unmarshal(data, &s.body)
		select {
		case requests <- s:
		default: // only the first request is inspected
		}
		if status == http.StatusOK {
			w.Header().Set("Content-Type", "text/event-stream")
		} else {
			w.Header().Set("Content-Type", "application/json")
		}
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body) // a failed write shows as a broken answer in the check
	}))
	return srv, requests
}

// streamFrom asks a server that sends events, and collects its reply.
func streamFrom(ctx context.Context, events string) (collected, error) {
	srv, _ := fakeServer(http.StatusOK, events)
	defer srv.Close()
	s, err := ask(ctx, srv.URL, "")
	if err != nil {
		return collected{}, err
	}
	return collect(s), nil
}

// ask sends a one-line conversation to the server at url.
func ask(ctx context.Context, url, key string) (llm.Stream, error) {
	req := llm.Request{Model: "test-model", Messages: conversation("hello")}
	return llm.NewOpenAI(url, key).Stream(ctx, req)
}

// helloStream is a whole reply, as OpenAI streams it.
const helloStream = `data: {"choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}

data: {"choices":[{"index":0,"delta":{"content":"Hel"},"finish_reason":null}]}

data: {"choices":[{"index":0,"delta":{"content":"lo."},"finish_reason":null}]}

data: {"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}

data: {"choices":[],"usage":{"prompt_tokens":9,"completion_tokens":2,"total_tokens":11}}

data: [DONE]

`

func openaiRequestShape(ctx context.Context) error {
	srv, requests := fakeServer(http.StatusOK, helloStream)
	defer srv.Close()
	s, err := ask(ctx, srv.URL+"/v1", "")
	if err != nil {
		return err
	}
	_ = s.Close() // only the request is judged here
	r := <-requests
	switch {
	case r.method != http.MethodPost || r.path != "/v1/chat/completions":
		return fmt.Errorf("request was %s %s, want POST /v1/chat/completions", r.method, r.path)
	case !strings.HasPrefix(r.content, "application/json"):
		return fmt.Errorf("header Content-Type = %q, want application/json", r.content)
	case r.body.Model != "test-model" || len(r.body.Messages) != 2:
		return fmt.Errorf(`body has model %q and %s, want "test-model" and 2`, r.body.Model, llm.Count(len(r.body.Messages), "message"))
	case !r.body.Stream || !r.body.StreamOptions.IncludeUsage:
		return errors.New(`body does not ask for "stream": true with "stream_options": {"include_usage": true}`)
	}
	return nil
}

func openaiBearer(ctx context.Context) error {
	srv, requests := fakeServer(http.StatusOK, helloStream)
	defer srv.Close()
	s, err := ask(ctx, srv.URL, "sk-test-123")
	if err != nil {
		return err
	}
	_ = s.Close() // only the request is judged here
	if r := <-requests; r.auth != "Bearer sk-test-123" {
		return fmt.Errorf("header Authorization = %q, want %q", r.auth, "Bearer sk-test-123")
	}
	return nil
}

func openaiRefusal(ctx context.Context) error {
	body := `{"error":{"message":"Incorrect API key provided: sk-bad***","type":"invalid_request_error","code":"invalid_api_key"}}`
	srv, _ := fakeServer(http.StatusUnauthorized, body)
	defer srv.Close()
	_, err := ask(ctx, srv.URL, "")
	var apiErr *llm.APIError
	if !errors.As(err, &apiErr) || apiErr.Status != 401 || apiErr.Message != "Incorrect API key provided: sk-bad***" {
		return fmt.Errorf("error = %v, want an *llm.APIError with status 401 and the server's message", err)
	}
	return nil
}

func streamCut(ctx context.Context) error {
	got, err := streamFrom(ctx, "")
	if err != nil {
		return err
	}
	if !errors.Is(got.err, llm.ErrStreamCut) {
		return fmt.Errorf("a stream closed with nothing in it ended with error %v, want llm.ErrStreamCut", got.err)
	}
	return nil
}

func openaiCancelled(ctx context.Context) error {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The server notices a client hanging up only once the body is read.
		_, _ = io.Copy(io.Discard, r.Body) // a read error means the client has gone already
		w.Header().Set("Content-Type", "text/event-stream")
		_ = http.NewResponseController(w).Flush() // a failed flush leaves the client waiting, as the check wants
		<-r.Context().Done()                      // never send a word; wait for the client to give up
	}))
	defer srv.Close()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s, err := ask(ctx, srv.URL, "")
	if err != nil {
		return err
	}
	cancel() // the user presses Ctrl-C while the model thinks
	if got := collect(s); !errors.Is(got.err, context.Canceled) {
		return fmt.Errorf("cancelled while waiting for the reply, error = %v, want context.Canceled", got.err)
	}
	return nil
}
