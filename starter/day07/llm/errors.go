package llm

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"
)

// APIError is a refusal from the server: a status other than 200 OK, with
// the server's own explanation when it gave one.
type APIError struct {
	Status     int           // the HTTP status code, such as 401
	Code       string        // the server's error code, such as "insufficient_quota"; "" when it gave none
	Message    string        // what the server said; empty when its body said nothing readable
	RetryAfter time.Duration // how long the server asked us to wait before asking again; 0 when it did not say
	Fix        string        // what the user can do about it, for ui to show under the error; "" when ply has no advice
}

func (e *APIError) Error() string {
	status := strings.TrimSpace(fmt.Sprintf("%d %s", e.Status, statusText(e.Status)))
	if e.Message == "" {
		return status
	}
	return status + ": " + e.Message
}

// RedirectError is a server pointing somewhere else, with a 3xx status.
// ply follows no redirect: the request carries the API key and the whole
// conversation, and they go to the base URL the user chose and nowhere
// else. The user can point ply at the new address if it is the right one.
type RedirectError struct {
	Status   int    // the HTTP status code, such as 308
	Location string // where the server pointed, as serverText shows it; "" when it did not say
}

func (e *RedirectError) Error() string {
	where := "another address, without saying which"
	if e.Location != "" {
		where = e.Location
	}
	return fmt.Sprintf("%d %s: the server points to %s; ply follows no redirects, "+
		"so that the key and the conversation go nowhere else: set OPENAI_BASE_URL to the final address",
		e.Status, http.StatusText(e.Status), where)
}

// redirectError reads where a redirect points. A relative Location is
// resolved against the request's URL, so the user sees a whole address.
func redirectError(resp *http.Response, apiKey string) error {
	location := resp.Header.Get("Location")
	if u, err := resp.Location(); err == nil {
		location = u.String()
	}
	return &RedirectError{Status: resp.StatusCode, Location: serverText(location, apiKey)}
}

// statusText names a status code. 529 is not in the HTTP standard, but
// Anthropic uses it for "overloaded", and proxies in front of other servers
// copy it.
func statusText(code int) string {
	if code == 529 {
		return "Overloaded"
	}
	return http.StatusText(code)
}

// maxErrorBody caps how much of an error body ply reads. Explanations are
// short; a proxy's HTML error page is not worth reading to its end.
const maxErrorBody = 64 << 10

// readAPIError turns a response with a bad status into an error: a
// *RedirectError for a 3xx, an *APIError for the rest. What the server
// wrote passes through serverText, which blanks the API key out in case a
// server echoes it. now is when the answer came: a Retry-After given as a
// date counts from it.
func readAPIError(resp *http.Response, apiKey string, now time.Time) error {
	if resp.StatusCode >= 300 && resp.StatusCode < 400 {
		return redirectError(resp, apiKey)
	}
	// A body that fails half way still has its start, which is all we need.
	body, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	return &APIError{
		Status:     resp.StatusCode,
		Code:       serverText(errorCode(body), apiKey),
		Message:    serverText(serverMessage(body), apiKey),
		RetryAfter: retryAfter(resp.Header, now),
	}
}

// serverMessage finds the explanation in an error body. OpenAI, and most
// servers on their /v1 endpoints, send {"error":{"message":"…"}}; Ollama's
// own API sends {"error":"…"}. A body that is not JSON but short plain text
// is the explanation itself.
func serverMessage(body []byte) string {
	var shape struct {
		Error json.RawMessage `json:"error"`
	}
	if err := json.Unmarshal(body, &shape); err != nil || shape.Error == nil {
		return plainText(body)
	}
	var text string
	if json.Unmarshal(shape.Error, &text) == nil {
		return text
	}
	var object struct {
		Message string `json:"message"`
	}
	if json.Unmarshal(shape.Error, &object) == nil {
		return object.Message
	}
	return ""
}

// errorCode finds the machine-readable reason in an error body: the "code"
// of OpenAI's {"error":{"code":"…","type":"…"}}, or its "type" when the code
// is missing or not a string. "insufficient_quota" is one, and it is the
// difference between a 429 worth waiting for and one that is not.
func errorCode(body []byte) string {
	var shape struct {
		Error struct {
			Code json.RawMessage `json:"code"`
			Type string          `json:"type"`
		} `json:"error"`
	}
	if json.Unmarshal(body, &shape) != nil {
		return "" // not OpenAI's shape: Ollama's {"error":"…"}, or plain text
	}
	var code string
	if json.Unmarshal(shape.Error.Code, &code) == nil && code != "" {
		return code
	}
	return shape.Error.Type
}

// plainText returns the first line of a body that is not an HTML page, or
// "".
func plainText(body []byte) string {
	body = bytes.TrimSpace(body)
	if len(body) == 0 || body[0] == '<' {
		return ""
	}
	line, _, _ := bytes.Cut(body, []byte("\n"))
	return string(bytes.TrimSpace(line))
}
