package selftest

import (
	"strings"
	"unicode/utf8"

	"ply/day02/llm"
)

// collected is everything a stream handed over.
type collected struct {
	text    string
	pieces  int       // how many deltas had text
	usage   llm.Usage // the last usage reported
	finish  string    // the last finish reason
	err     error
	largest int // the most characters in one piece
	broken  int // pieces that split a character, so are not valid UTF-8
}

// collect reads s to its end and closes it.
func collect(s llm.Stream) collected {
	defer s.Close()
	var c collected
	var text strings.Builder
	for s.Next() {
		d := s.Delta()
		if d.Text != "" {
			text.WriteString(d.Text)
			c.pieces++
			c.largest = max(c.largest, len([]rune(d.Text)))
			if !utf8.ValidString(d.Text) {
				c.broken++
			}
		}
		if d.Usage != nil {
			c.usage = *d.Usage
		}
		if d.Finish != "" {
			c.finish = d.Finish
		}
	}
	c.text, c.err = text.String(), s.Err()
	return c
}
