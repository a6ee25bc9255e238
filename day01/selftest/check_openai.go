package selftest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"

	"ply/day01/llm"
)

// seen is what the fake server saw of a request.
type seen struct {
	method, path  string
	auth, content string // the Authorization and Content-Type headers
	body          struct {
		Model    string `json:"model"`
		Messages []struct {
			Role    string `json:"role"`
			Content string `json:"content"`
		} `json:"messages"`
	}
}

// fakeServer starts a loopback server that answers every request with
// status and body, and passes what it saw of each request to the channel.
// The caller closes the server.
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
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body) // a failed write shows as a broken answer in the check
	}))
	return srv, requests
}

const okBody = `{"id":"chatcmpl-1","object":"chat.completion","choices":[{"index":0,` +
	`"message":{"role":"assistant","content":"Hi from the server."},"finish_reason":"stop"}]}`

// ask sends a one-line conversation to the server at url.
func ask(ctx context.Context, url, key string) (llm.Message, error) {
	req := llm.Request{Model: "test-model", Messages: conversation("hello")}
	return llm.NewOpenAI(url, key).Complete(ctx, req)
}

// received returns what the server saw of the request ask sent. The
// request is judged even when the answer could not be read: that is
// another exercise.
func received(requests <-chan seen, askErr error) (seen, error) {
	select {
	case s := <-requests:
		return s, nil
	default:
		return seen{}, fmt.Errorf("the server got no request: %v", askErr)
	}
}

func openaiRequestShape(ctx context.Context) error {
	srv, requests := fakeServer(http.StatusOK, okBody)
	defer srv.Close()
	_, err := ask(ctx, srv.URL+"/v1", "")
	s, err := received(requests, err)
	if err != nil {
		return err
	}
	switch {
	case s.method != http.MethodPost || s.path != "/v1/chat/completions":
		return fmt.Errorf("request was %s %s, want POST /v1/chat/completions", s.method, s.path)
	case !strings.HasPrefix(s.content, "application/json"):
		return fmt.Errorf("header Content-Type = %q, want application/json", s.content)
	case s.body.Model != "test-model":
		return fmt.Errorf(`body's "model" = %q, want "test-model"`, s.body.Model)
	case len(s.body.Messages) != 2 || s.body.Messages[1].Content != "hello":
		return fmt.Errorf(`body's "messages" = %+v, want the system prompt and "hello"`, s.body.Messages)
	}
	return nil
}

func openaiBearer(ctx context.Context) error {
	srv, requests := fakeServer(http.StatusOK, okBody)
	defer srv.Close()
	_, err := ask(ctx, srv.URL, "sk-test-123")
	s, err := received(requests, err)
	if err != nil {
		return err
	}
	if s.auth != "Bearer sk-test-123" {
		return fmt.Errorf("header Authorization = %q, want %q", s.auth, "Bearer sk-test-123")
	}
	return nil
}

func openaiCancelled(ctx context.Context) error {
	arrived := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// The server notices a client hanging up only once the body is read.
		_, _ = io.Copy(io.Discard, r.Body) // a read error means the client has gone already
		close(arrived)
		<-r.Context().Done() // never answer; wait for the client to give up
	}))
	defer srv.Close()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go func() {
		select {
		case <-arrived:
			cancel() // the user presses Ctrl-C while the server thinks
		case <-ctx.Done():
		}
	}()
	_, err := ask(ctx, srv.URL, "")
	if !errors.Is(err, context.Canceled) {
		return fmt.Errorf("cancelled while waiting, error = %v, want context.Canceled", err)
	}
	return nil
}

// bareBody is an answer that leaves out what goes without saying: the
// reply is the assistant's without a role, and whole without a
// finish_reason.
const bareBody = `{"choices":[{"message":{"content":"Hi from the server."}}]}`

func openaiReadsReply(ctx context.Context) error {
	answers := []struct{ what, body string }{
		{"a full answer", okBody},
		{"an answer with no role and no finish_reason", bareBody},
	}
	for _, a := range answers {
		srv, _ := fakeServer(http.StatusOK, a.body)
		reply, err := ask(ctx, srv.URL, "")
		srv.Close()
		if err != nil {
			return fmt.Errorf("%s: %w", a.what, err)
		}
		want := llm.Message{Role: llm.RoleAssistant, Content: "Hi from the server."}
		if !reflect.DeepEqual(reply, want) {
			return fmt.Errorf("%s: reply = %+v, want %+v", a.what, reply, want)
		}
	}
	return nil
}

func openaiNoChoices(ctx context.Context) error {
	srv, _ := fakeServer(http.StatusOK, `{"id":"chatcmpl-2","choices":[]}`)
	defer srv.Close()
	if _, err := ask(ctx, srv.URL, ""); !errors.Is(err, llm.ErrNoChoices) {
		return fmt.Errorf("an answer with no choices gave error %v, want llm.ErrNoChoices", err)
	}
	return nil
}

func openaiErrorObject(ctx context.Context) error {
	body := `{"error":{"message":"Incorrect API key provided: sk-bad***","type":"invalid_request_error","code":"invalid_api_key"}}`
	return expectAPIError(ctx, http.StatusUnauthorized, body, "Incorrect API key provided: sk-bad***")
}

func openaiErrorString(ctx context.Context) error {
	body := `{"error":"model \"llama9\" not found, try pulling it first"}`
	return expectAPIError(ctx, http.StatusNotFound, body, `model "llama9" not found, try pulling it first`)
}

func openaiErrorPlainText(ctx context.Context) error {
	return expectAPIError(ctx, http.StatusBadGateway, "upstream connect error\nretrying", "upstream connect error")
}

// expectAPIError checks that a server answering status and body gives an
// *APIError with that status and message.
func expectAPIError(ctx context.Context, status int, body, message string) error {
	srv, _ := fakeServer(status, body)
	defer srv.Close()
	_, err := ask(ctx, srv.URL, "")
	var apiErr *llm.APIError
	if !errors.As(err, &apiErr) {
		return fmt.Errorf("error = %v, want an *llm.APIError", err)
	}
	if apiErr.Status != status || apiErr.Message != message {
		return fmt.Errorf("got status %d, message %q; want %d, %q", apiErr.Status, apiErr.Message, status, message)
	}
	return nil
}
