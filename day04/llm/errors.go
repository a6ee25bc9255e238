package llm

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
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

// maxErrorBody caps how much of an error body ply reads. Explanations are
// short; a proxy's HTML error page is not worth reading to its end.
const maxErrorBody = 64 << 10

// readAPIError turns a response with a bad status into an *APIError. The
// API key is blanked out of the message, in case a server echoes it.
func readAPIError(resp *http.Response, apiKey string) error {
	// A body that fails half way still has its start, which is all we need.
	body, _ := io.ReadAll(io.LimitReader(resp.Body, maxErrorBody))
	msg := serverMessage(body)
	if apiKey != "" {
		msg = strings.ReplaceAll(msg, apiKey, "[API key]")
	}
	return &APIError{Status: resp.StatusCode, Message: msg}
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

// plainText returns the first line of a body that is not an HTML page, cut
// to a readable length, or "".
func plainText(body []byte) string {
	body = bytes.TrimSpace(body)
	if len(body) == 0 || body[0] == '<' {
		return ""
	}
	line, _, _ := bytes.Cut(body, []byte("\n"))
	return shorten(string(bytes.TrimSpace(line)), 200)
}
