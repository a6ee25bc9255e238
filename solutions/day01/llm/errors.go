package llm

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
)

// APIError is a refusal from the server: a status other than 200 OK, with
// the server's own explanation when it gave one.
type APIError struct {
	Status  int    // the HTTP status code, such as 401
	Message string // what the server said; empty when its body said nothing readable
}

func (e *APIError) Error() string {
	status := fmt.Sprintf("%d %s", e.Status, http.StatusText(e.Status))
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

// maxErrorBody caps how much of an error body ply reads. Explanations are
// short; a proxy's HTML error page is not worth reading to its end.
const maxErrorBody = 64 << 10

// readAPIError turns a response with a bad status into an error: a
// *RedirectError for a 3xx, an *APIError for the rest. What the server
// wrote passes through serverText, which blanks the API key out in case a
// server echoes it.
func readAPIError(resp *http.Response, apiKey string) error {
	if resp.StatusCode >= 300 && resp.StatusCode < 400 {
		return redirectError(resp, apiKey)
	}
	// A body that fails half way still has its start, which is all we need.
	body, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	return &APIError{Status: resp.StatusCode, Message: serverText(serverMessage(body), apiKey)}
}

// serverMessage finds the explanation in an error body. OpenAI, and most
// servers on their /v1 endpoints, send {"error":{"message":"…"}}; Ollama's
// own API sends {"error":"…"}. A body that is not JSON but short plain text
// is the explanation itself.
//
//lab:exercise 5 Return the server's explanation: the "error" field when it is a JSON string, its "message" when it is an object, and plainText(body) when body is not JSON with an "error" field.
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
