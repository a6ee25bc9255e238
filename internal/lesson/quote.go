// Package lesson checks that a lesson quotes the code as it is.
//
// A lesson is markdown. A quote is an HTML comment line that names what it
// quotes, followed at once by a fenced code block holding it:
//
//	<!-- quote llm/mock.go reply -->
//	```go
//	func reply(msgs []Message) string {
//	...
//	}
//	```
//
// The comment names a file, relative to the folder of the code the lesson
// is about, and optionally a top-level declaration of that file:
//
//	<!-- quote FILE -->              the whole file
//	<!-- quote FILE NAME -->         a func, type, var or const
//	<!-- quote FILE Type.Method -->  a method, whatever its receiver
//
// A declaration is quoted from its keyword to the end of its last line,
// without its doc comment; a name declared in a group, such as var (...),
// quotes the whole group. The block must equal that text, but for the
// newlines at its end. Markdown renders the comment as nothing, so the
// reader sees only the code.
package lesson

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
)

// The reasons a quote is wrong.
var (
	ErrMalformed = errors.New("malformed quote: want <!-- quote FILE --> or <!-- quote FILE NAME -->")
	ErrNoBlock   = errors.New("no fenced code block right after the quote's comment")
	ErrUnclosed  = errors.New("the quote's code block is never closed")
	ErrNoFile    = errors.New("no such file")
	ErrNoName    = errors.New("no top-level func, type, var or const of that name")
	ErrDiffers   = errors.New("differs from the code")
)

// A Quote is one quote in a lesson.
type Quote struct {
	Line int    // the line of its comment, 1-based
	File string // the file it quotes, slash-separated
	Name string // the declaration it quotes; "" for the whole file
	Text string // the code block's content, without the fences
}

// String names what q quotes, as its comment does: "llm/mock.go reply".
func (q Quote) String() string {
	return strings.TrimSpace(q.File + " " + q.Name)
}

// An Error is a quote that is wrong, at a line of a lesson.
type Error struct {
	Path string // the lesson
	Line int    // the line of the quote's comment, 1-based
	Err  error  // what is wrong: one of the Err values above, wrapped with details
}

func (e *Error) Error() string { return fmt.Sprintf("%s:%d: %v", e.Path, e.Line, e.Err) }
func (e *Error) Unwrap() error { return e.Err }

// quoteComment matches a quote's comment.
var quoteComment = regexp.MustCompile(`^<!--\s*quote\s+(\S+)(?:\s+(\S+))?\s*-->$`)

// Quotes returns the quotes in md, the markdown of the lesson at path, in
// order, and an *Error for each one that is malformed. Lines inside other
// code blocks are not read, so a lesson can show a quote without making one.
func Quotes(path, md string) ([]Quote, error) {
	quotes, errs := parse(path, md)
	return quotes, join(errs)
}

// parse does the work of Quotes, returning its errors as they are.
func parse(path, md string) ([]Quote, []*Error) {
	lines := strings.Split(md, "\n")
	var quotes []Quote
	var errs []*Error
	for i := 0; i < len(lines); i++ {
		// A code block is skipped whole: a quote's comment in one is an example.
		if f := fence(lines[i]); f != "" {
			i = blockEnd(lines, i, f)
			continue
		}
		text := strings.TrimSpace(lines[i])
		if !isQuoteComment(text) {
			continue
		}
		fail := func(err error) { errs = append(errs, &Error{Path: path, Line: i + 1, Err: err}) }
		m := quoteComment.FindStringSubmatch(text)
		if m == nil {
			fail(ErrMalformed)
			continue
		}
		// The quoted code is the block on the very next line.
		var f string
		if i+1 < len(lines) {
			f = fence(lines[i+1])
		}
		if f == "" {
			fail(ErrNoBlock)
			continue
		}
		end := blockEnd(lines, i+1, f)
		if end == len(lines) {
			fail(ErrUnclosed)
			break
		}
		quotes = append(quotes, Quote{Line: i + 1, File: m[1], Name: m[2], Text: strings.Join(lines[i+2:end], "\n")})
		i = end
	}
	return quotes, errs
}

// isQuoteComment reports whether text is the start of an HTML comment
// whose first word is quote.
func isQuoteComment(text string) bool {
	rest, ok := strings.CutPrefix(text, "<!--")
	words := strings.Fields(rest)
	return ok && len(words) > 0 && words[0] == "quote"
}
