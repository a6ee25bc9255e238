package llm

import (
	"context"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
)

// TestNotAReply: a 200 whose body is not a reply is reported as what it
// is, its label and its first line, and not asked again.
func TestNotAReply(t *testing.T) {
	tests := []struct {
		name, contentType, body string
		wantErr                 error
		wantLine                string
	}{
		{"a web page", "text/html; charset=utf-8", "<!DOCTYPE html>\n<html><title>Sign in</title></html>", ErrNotEvents, "<!DOCTYPE html>"},
		{"plain text", "text/plain", "Service is starting\r\nplease wait", ErrNotEvents, "Service is starting"},
		{"no label", "", "hello", ErrNotEvents, "hello"},
		{"text that starts like a field", "text/plain", "database is down", ErrNotEvents, "database is down"},
		{"JSON of another endpoint", "application/json", `{"object":"list","data":[{"id":"m"}]}`, ErrNoChoices, `{"object":"list","data":[{"id":"m"}]}`},
		{"JSON that is not JSON", "application/json", "{nope}", nil, "{nope}"},
		{"JSON of the wrong types", "application/json", `{"choices":"none"}`, nil, `{"choices":"none"}`},
		{"the key is hidden", "text/html", "<p>key sk-secret-1 refused</p>", ErrNotEvents, "<p>key [API key] refused</p>"},
		{"a long line is cut", "text/plain", strings.Repeat("y", 5000), ErrNotEvents, strings.Repeat("y", maxServerText-1) + "…"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := &sequence{handlers: []http.HandlerFunc{func(w http.ResponseWriter, r *http.Request) {
				_, _ = io.Copy(io.Discard, r.Body)
				w.Header()["Content-Type"] = []string{tt.contentType}
				_, _ = io.WriteString(w, tt.body)
			}}}
			_, err := retrying(NewOpenAI(serve(t, srv), "sk-secret-1"), &clock{}).Stream(context.Background(), Request{})
			var notReply *NotReplyError
			if !errors.As(err, &notReply) {
				t.Fatalf("Stream error = %v, want a *NotReplyError (see OpenAI.read)", err)
			}
			if tt.wantErr != nil && !errors.Is(err, tt.wantErr) {
				t.Errorf("error = %v, want it to be %v", err, tt.wantErr)
			}
			if notReply.ContentType != tt.contentType || notReply.FirstLine != tt.wantLine || srv.calls.Load() != 1 {
				t.Errorf("label %q, first line %q, %d requests; want %q, %q, and 1 request", notReply.ContentType, notReply.FirstLine, srv.calls.Load(), tt.contentType, tt.wantLine)
			}
		})
	}
}

// TestNotAReplyMessage: the message says what came and where to look.
func TestNotAReplyMessage(t *testing.T) {
	err := &NotReplyError{ContentType: "text/html", FirstLine: "<!DOCTYPE html>", Err: ErrNotEvents}
	want := `the server answered 200 OK, but not with a reply (neither an event stream nor JSON): text/html, starting "<!DOCTYPE html>"; ` +
		"check that OPENAI_BASE_URL is the address of the API, which ends in /v1 on most servers"
	if got := err.Error(); got != want {
		t.Errorf("Error() = %q\nwant       %q", got, want)
	}
}
