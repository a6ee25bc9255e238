package llm

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"net/http"
)

// NotReplyError is an answer of 200 OK whose body is not a reply: neither
// an event stream nor a Chat Completions answer in one piece. A login
// page a network puts in front of every site, a web interface where the
// API was meant, or JSON of some other endpoint: each says 200, and is
// reported as what it is.
type NotReplyError struct {
	ContentType string // the body's label, as serverText shows it; "" when there was none
	FirstLine   string // the body's first line, as serverText shows it
	Err         error  // what is wrong with it: ErrNotEvents, ErrNoChoices, or why its JSON does not decode
}

// ErrNotEvents means a body is neither an event stream nor JSON.
var ErrNotEvents = errors.New("neither an event stream nor JSON")

func (e *NotReplyError) Error() string {
	label := e.ContentType
	if label == "" {
		label = "no Content-Type"
	}
	return fmt.Sprintf("the server answered 200 OK, but not with a reply (%v): %s, starting %q; "+
		"check that OPENAI_BASE_URL is the address of the API, which ends in /v1 on most servers", e.Err, label, e.FirstLine)
}

func (e *NotReplyError) Unwrap() error { return e.Err }

// firstLineSize is how much of a body ply looks at for its first line.
const firstLineSize = 512

// notReply describes a body that is not a reply, from its headers and its
// start: the first line of what body has not yet consumed. Everything in
// it is the server's text and passes through serverText.
func notReply(h http.Header, start []byte, why error, apiKey string) error {
	line, _, _ := bytes.Cut(start, []byte("\n"))
	line, _, _ = bytes.Cut(line, []byte("\r"))
	return &NotReplyError{
		ContentType: serverText(h.Get("Content-Type"), apiKey),
		FirstLine:   serverText(string(line), apiKey),
		Err:         why,
	}
}

// isEvents reports whether body, whose first byte is not white space,
// starts as an event stream does: with a comment, or with one of the
// fields of SSE. Servers write a whole line at a time, so looking at the
// first few bytes does not wait for more than the first line.
func isEvents(body *bufio.Reader) bool {
	for _, start := range []string{":", "data:", "event:", "id:", "retry:"} {
		if b, _ := body.Peek(len(start)); string(b) == start {
			return true
		}
	}
	return false
}

// peekStart returns the start of body, up to firstLineSize bytes, and
// leaves it unread. A body shorter than that is all there; one that fails
// gives what came.
func peekStart(body *bufio.Reader) []byte {
	start, _ := body.Peek(firstLineSize) // a short or broken body gives what it has, which is all a message needs
	return start
}
