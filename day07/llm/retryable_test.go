package llm

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func TestRetryable(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want bool
	}{
		{"400 Bad Request", &APIError{Status: 400}, false},
		{"401 Unauthorized", &APIError{Status: 401, Code: "invalid_api_key"}, false},
		{"403 Forbidden", &APIError{Status: 403}, false},
		{"404 Not Found", &APIError{Status: 404}, false},
		{"408 Request Timeout", &APIError{Status: 408}, true},
		{"409 Conflict", &APIError{Status: 409}, false},
		{"422 Unprocessable Entity", &APIError{Status: 422}, false},
		{"429 rate limit", &APIError{Status: 429, Code: "rate_limit_exceeded"}, true},
		{"429 without a code", &APIError{Status: 429}, true},
		{"429 insufficient_quota", &APIError{Status: 429, Code: "insufficient_quota"}, false},
		{"500 Internal Server Error", &APIError{Status: 500}, true},
		{"501 Not Implemented", &APIError{Status: 501}, false},
		{"502 Bad Gateway", &APIError{Status: 502}, true},
		{"503 Service Unavailable", &APIError{Status: 503}, true},
		{"504 Gateway Timeout", &APIError{Status: 504}, true},
		{"529 Overloaded", &APIError{Status: 529}, true},
		{"a wrapped 503", fmt.Errorf("ask: %w", &APIError{Status: 503}), true},
		{"no connection", &NetworkError{Err: errors.New("cannot reach http://x: connection refused")}, true},
		{"a wrapped network error", fmt.Errorf("ask: %w", &NetworkError{Err: io.ErrUnexpectedEOF}), true},
		{"cancelled", context.Canceled, false},
		{"past its deadline", context.DeadlineExceeded, false},
		{"a cut stream", ErrStreamCut, false},
		{"anything else", errors.New("read the server's answer: unexpected EOF"), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := retryable(tt.err); got != tt.want {
				t.Errorf("retryable(%v) = %v, want %v (see retryStatus in retryable.go)", tt.err, got, tt.want)
			}
		})
	}
}

// errorCase is a refusal a server sends, and what ply must make of it.
type errorCase struct {
	status    int
	body      string
	retried   bool
	code      string
	fixSaying string // a part of the advice; "" for none
}

// errorCases are bodies in the shapes of the captured ones in
// shared/fixtures/wire, written for this test.
var errorCases = map[string]errorCase{
	"bad key": {401, `{"error":{"message":"Incorrect API key provided: sk-ab***yz.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}}`,
		false, "invalid_api_key", "check OPENAI_API_KEY"},
	"too long": {400, `{"error":{"message":"This model's maximum context length is 8192 tokens. However, your messages resulted in 9000 tokens.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}`,
		false, "context_length_exceeded", "window of 8192 tokens"},
	"no quota": {429, `{"error":{"message":"You exceeded your current quota.","type":"insufficient_quota","param":null,"code":"insufficient_quota"}}`,
		false, "insufficient_quota", "billing"},
	"rate limit": {429, `{"error":{"message":"Rate limit reached. Please try again in 6ms.","type":"tokens","param":null,"code":"rate_limit_exceeded"}}`,
		true, "rate_limit_exceeded", "wait a minute"},
	"no model": {404, `{"error":"model \"llama9\" not found, try pulling it first"}`,
		false, "", `no model "m1"`},
	"a code that is a number": {503, `{"error":{"message":"busy","type":"server_error","code":503}}`,
		true, "server_error", ""},
}

func TestErrorBodies(t *testing.T) {
	for name, tt := range errorCases {
		t.Run(name, func(t *testing.T) {
			checkRefusal(t, tt)
		})
	}
}

// TestCapturedErrorsRetry reads the real error bodies captured beside the
// checkout; each file's name gives its status, as in
// openai_error_429_insufficient_quota.json.
func TestCapturedErrorsRetry(t *testing.T) {
	want := map[string]errorCase{
		"openai_error_400_context_length.json":        {retried: false, code: "context_length_exceeded", fixSaying: "window of 4097 tokens"},
		"openai_error_400_unsupported_parameter.json": {retried: false, code: "unsupported_parameter"},
		"openai_error_401_invalid_key.json":           {retried: false, code: "invalid_api_key", fixSaying: "check OPENAI_API_KEY"},
		"openai_error_429_insufficient_quota.json":    {retried: false, code: "insufficient_quota", fixSaying: "billing"},
		"openai_error_429_rate_limit.json":            {retried: true, code: "rate_limit_exceeded", fixSaying: "wait a minute"},
	}
	dir := wireFixtures(t)
	for name, tt := range want {
		t.Run(name, func(t *testing.T) {
			body, err := os.ReadFile(filepath.Join(dir, name))
			if err != nil {
				t.Skipf("no capture %s: %v", name, err)
			}
			status, _ := strconv.Atoi(strings.Split(name, "_")[2])
			tt.status, tt.body = status, string(body)
			checkRefusal(t, tt)
		})
	}
}

// checkRefusal sends a request to a server that refuses it as tt says, and
// checks the error ply makes of the refusal.
func checkRefusal(t *testing.T, tt errorCase) {
	t.Helper()
	url := serve(t, &answer{status: tt.status, contentType: "application/json", body: tt.body})
	_, err := NewOpenAI(url, "sk-test").Stream(context.Background(), Request{Model: "m1"})
	var apiErr *APIError
	if !errors.As(err, &apiErr) {
		t.Fatalf("Stream error = %v, want an *APIError", err)
	}
	if apiErr.Status != tt.status || apiErr.Code != tt.code {
		t.Errorf("error status %d, code %q; want %d, %q (see errorCode in errors.go)", apiErr.Status, apiErr.Code, tt.status, tt.code)
	}
	if got := retryable(err); got != tt.retried {
		t.Errorf("retryable(%v) = %v, want %v (see retryable.go)", err, got, tt.retried)
	}
	if !strings.Contains(apiErr.Fix, tt.fixSaying) || (tt.fixSaying == "") != (apiErr.Fix == "") {
		t.Errorf("advice %q, want advice saying %q (see advise in advice.go)", apiErr.Fix, tt.fixSaying)
	}
}

func TestAdvice(t *testing.T) {
	tests := []struct {
		name   string
		err    APIError
		keySet bool
		want   string
	}{
		{"401 with a key", APIError{Status: 401}, true, "the server refused the API key: check OPENAI_API_KEY"},
		{"401 without a key", APIError{Status: 401}, false, "the server wants an API key: set OPENAI_API_KEY"},
		{"403", APIError{Status: 403}, true, `the key may not use model "m1": check OPENAI_API_KEY and PLY_MODEL`},
		{"404", APIError{Status: 404}, false, `no model "m1" at http://h/v1: check PLY_MODEL, and that OPENAI_BASE_URL ends in /v1`},
		{"too long, with the size", APIError{Status: 400, Code: "context_length_exceeded", Message: "This model's maximum context length is 4097 tokens."}, true,
			"the conversation is longer than the model's window of 4097 tokens: /compact or /clear it, and set PLY_CONTEXT to the model's window so ply compacts in time"},
		{"too long, without the size", APIError{Status: 400, Code: "context_length_exceeded"}, true,
			"the conversation is longer than the model's window: /compact or /clear it, and set PLY_CONTEXT to the model's window so ply compacts in time"},
		{"other 400", APIError{Status: 400, Code: "unsupported_parameter"}, true, ""},
		{"500", APIError{Status: 500}, true, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := advise(&tt.err, "http://h/v1", "m1", tt.keySet); got != tt.want {
				t.Errorf("advise(%+v) = %q, want %q", tt.err, got, tt.want)
			}
		})
	}
}

// TestAdviceNeverHoldsTheKey: the advice names the variable, never its value.
func TestAdviceNeverHoldsTheKey(t *testing.T) {
	url := serve(t, &answer{status: 401, contentType: "application/json", body: `{"error":{"message":"bad key sk-secret-1"}}`})
	_, err := NewOpenAI(url, "sk-secret-1").Stream(context.Background(), Request{})
	var apiErr *APIError
	if !errors.As(err, &apiErr) || strings.Contains(apiErr.Fix+apiErr.Error(), "sk-secret-1") {
		t.Errorf("error %q, advice %q: the key must not appear", err, apiErr.Fix)
	}
}
