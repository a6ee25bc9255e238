package session

import (
	"slices"
	"strings"
)

// A wordIndex finds, in one pass over a text, every place where one of
// many words begins. Looking for each word in turn would read the text
// once a word, and Redact has a hundred of them; instead a table says
// which pairs of bytes begin a word, and only where a pair does are the
// words that begin with it compared.
type wordIndex struct {
	begins [1 << 16]bool     // by the first two bytes of a word, in lower case
	words  map[uint16][]word // the words that begin with each such pair
}

// word is one word of a wordIndex, and what it stands for.
type word struct {
	text  string // in lower case for a shape's word; as it is for a known value
	shape int    // the shape in shapes the word belongs to; -1 for a known value
}

// newWordIndex returns an index of the words of every shape and of the
// known values, each of two bytes or more.
func newWordIndex(known []string) *wordIndex {
	x := &wordIndex{words: map[uint16][]word{}}
	for i, s := range shapes {
		for _, w := range s.words {
			x.add(word{w, i})
		}
	}
	for _, k := range known {
		x.add(word{k, -1})
	}
	return x
}

func (x *wordIndex) add(w word) {
	lower := lowerASCII(w.text)
	p := pair(lower[0], lower[1])
	x.begins[p] = true
	x.words[p] = append(x.words[p], w)
}

// each calls found for every place in text where a word of the index
// begins, in order; lower is text in lower case (see lowerASCII).
func (x *wordIndex) each(text string, lower []byte, found func(at int, w word)) {
	for i := 0; i+1 < len(lower); i++ {
		p := pair(lower[i], lower[i+1])
		if !x.begins[p] {
			continue
		}
		for _, w := range x.words[p] {
			n := i + len(w.text)
			if n > len(text) {
				continue
			}
			if w.shape < 0 && text[i:n] == w.text || w.shape >= 0 && string(lower[i:n]) == w.text {
				found(i, w)
			}
		}
	}
}

// pair is two bytes as one number, for wordIndex's table.
func pair(a, b byte) uint16 { return uint16(a)<<8 | uint16(b) }

// lowerASCII returns text with its ASCII letters in lower case and every
// other byte as it was, so that a place in one is the same place in the
// other.
func lowerASCII(text string) []byte {
	b := []byte(text)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return b
}

// span is a part of a text, from start to end.
type span struct{ start, end int }

// cut returns text with each of spans replaced by Redacted; spans that
// overlap or touch become one.
func cut(text string, spans []span) string {
	if len(spans) == 0 {
		return text
	}
	slices.SortFunc(spans, func(a, b span) int { return a.start - b.start })
	var b strings.Builder
	b.Grow(len(text))
	done := 0 // text before it is in b, or redacted
	for i := 0; i < len(spans); {
		start, end := spans[i].start, spans[i].end
		for i++; i < len(spans) && spans[i].start <= end; i++ {
			end = max(end, spans[i].end)
		}
		b.WriteString(text[done:start])
		b.WriteString(Redacted)
		done = end
	}
	b.WriteString(text[done:])
	return b.String()
}
