package llm

import (
	"regexp"
	"strings"
)

// maxServerText is the most of a server's text that ply shows, in
// characters. The longest explanation OpenAI sends is about 230.
const maxServerText = 300

// serverText makes text that came from a server fit to show: every error
// body, every message a stream carries, every address a server names
// passes through it, and through nothing else. A server can echo the key
// back or name a URL with a password in it, and it can send a page of any
// size, with any bytes; what comes out holds neither the key nor a
// password, is valid UTF-8 on one line, and is cut to maxServerText.
func serverText(text, apiKey string) string {
	text = strings.ToValidUTF8(text, "\uFFFD")
	if apiKey != "" {
		text = strings.ReplaceAll(text, apiKey, "[API key]")
	}
	text = hideCredentials(text)
	text = strings.Join(strings.Fields(text), " ")
	return Shorten(text, maxServerText)
}

// userInfo finds the user:password@ part of a URL, or a token given as a
// user name: the scheme, then everything up to an "@" before the host.
var userInfo = regexp.MustCompile(`([A-Za-z][A-Za-z0-9+.-]*://)[^/?#@\s]+@`)

// hideCredentials replaces the user:password@ of every URL in text with
// ***@, so that an address can be shown without its secret.
func hideCredentials(text string) string {
	return userInfo.ReplaceAllString(text, "${1}***@")
}

// hiddenError is an error whose text passed through serverText: the
// errors of a connection can quote what a broken server sent. It unwraps
// to the original, so that callers still find the cause.
type hiddenError struct {
	err  error
	text string
}

func (e *hiddenError) Error() string { return e.text }
func (e *hiddenError) Unwrap() error { return e.err }

// hideServerText returns err with its text passed through serverText.
func hideServerText(err error, apiKey string) error {
	return &hiddenError{err: err, text: serverText(err.Error(), apiKey)}
}
