package lesson

import (
	"errors"
	"regexp"
	"strings"
)

// The reasons a marker is wrong.
var (
	ErrMalformed = errors.New("malformed marker: want <!-- quote FILE [NAME] -->, <!-- output selfcheck WHICH --> or <!-- green N: CHECKS -->")
	ErrNoBlock   = errors.New("no fenced code block right after the marker")
	ErrUnclosed  = errors.New("the marker's code block is never closed")
	ErrNoFile    = errors.New("no such file")
	ErrNoName    = errors.New("no top-level func, type, var or const of that name")
	ErrDiffers   = errors.New("differs from the code")
)

// A Quote is one quote in a lesson.
type Quote struct {
	Line int    // the line of its marker, 1-based
	File string // the file it quotes, slash-separated
	Name string // the part of the file it quotes; "" for the whole file
	Text string // the code block's content, without the fences
}

// String names what q quotes, as its marker does: "llm/mock.go reply".
func (q Quote) String() string {
	return strings.TrimSpace(q.File + " " + q.Name)
}

// quoteMarker matches a quote's marker.
var quoteMarker = regexp.MustCompile(`^<!--\s*quote\s+(\S+)(?:\s+(\S+))?\s*-->$`)

// Quotes returns the quotes in md, the markdown of the lesson at path, in
// order, and a *lab.PosError for each marker that is malformed.
func Quotes(path, md string) ([]Quote, error) {
	doc, errs := Parse(path, md)
	return doc.Quotes(), join(errs)
}

// Quotes returns the document's quotes, in order.
func (d *Doc) Quotes() []Quote {
	var quotes []Quote
	for _, b := range d.Blocks {
		if m := quoteMarker.FindStringSubmatch(b.Marker); m != nil {
			quotes = append(quotes, Quote{Line: b.Line, File: m[1], Name: m[2], Text: b.Text})
		}
	}
	return quotes
}
