package session

import (
	"bytes"
	"fmt"
	"slices"
	"strings"
)

// rawHead is the values of a line's own seq, ts and type, as they stand
// in its bytes: a string with its quotes. A field the line does not have
// is nil.
type rawHead struct {
	seq, ts, typ []byte
}

// checkKeys walks the keys of a line, text, once, and returns the values
// of its seq, ts and type as written. Its error is ErrKeyCase for a key,
// in any object of the line, that is not spelt as ply spells its keys
// (lower-case ASCII letters, digits and "_"), or ErrDupKey for one that
// its object names a second time: the first of them in the line.
//
// Each is a line that would say two things to two readers.
// encoding/json matches a key to a field whatever its case ("SEQ", "Seq",
// even "ſeq" for seq), while jq, grep and any other reader of the file
// take the key as written. And of a key named twice, encoding/json keeps
// the last value and other readers the first, or refuse the line: a
// second "content" would replace the first, and a "type" at the end would
// make the line another event than its start says.
//
// The walk knows only whether each open bracket is an object's, and jumps
// over the contents of strings. It keeps where each key of the objects
// still open is, and looks for a key named twice when its object closes,
// by sorting them: so what it holds grows with the keys of one line, a
// few bytes a key, and never with their names or their square. What it
// says of text that is not JSON means nothing, and decode, which learns
// from encoding/json that the text is not JSON, does not use it; it only
// never fails on such text, and never goes deeper than encoding/json
// reads.
func checkKeys(text []byte) (rawHead, error) {
	var h rawHead
	var open [16]int
	objects := open[:0] // for each container not yet closed: where its keys begin in keys, or -1 for an array
	var spans [32]keySpan
	keys := spans[:0]    // the keys of the objects not yet closed, in order
	var first keyProblem // the first bad key found so far
	key := false         // whether the next string is a key
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '{', '[':
			if len(objects) == maxDepth {
				return h, first.err // deeper than any JSON encoding/json reads
			}
			object := -1
			if text[i] == '{' {
				object = len(keys)
			}
			objects = append(objects, object)
			key = object >= 0
		case '}', ']':
			if len(objects) == 0 {
				return h, first.err // not JSON
			}
			if k := objects[len(objects)-1]; k >= 0 {
				first.twice(text, keys[k:])
				keys = keys[:k]
			}
			objects, key = objects[:len(objects)-1], false
		case ',':
			if len(objects) == 0 {
				return h, first.err // not JSON
			}
			key = objects[len(objects)-1] >= 0
		case '"':
			end := stringEnd(text, i+1)
			if key {
				if !plainKey(text[i+1 : end]) {
					first.found(i, ErrKeyCase)
				}
				keys = append(keys, keySpan{int32(i + 1), int32(end)})
				if len(objects) == 1 {
					h.keep(text[i+1:end], valueAfter(text, end+1))
				}
			}
			i, key = end, false
		}
	}
	return h, first.err
}

// keySpan is where a key's name is in a line: text[from:to].
type keySpan struct{ from, to int32 }

// keyProblem is the first bad key of a line: where it is, and why.
type keyProblem struct {
	at  int // its opening quote; meaningless while err is nil
	err error
}

// found keeps err, the problem of the key whose opening quote is at at,
// when no problem before it is known.
func (p *keyProblem) found(at int, err error) {
	if p.err == nil || at < p.at {
		p.at, p.err = at, err
	}
}

// twice finds, among keys, the keys of one object in the order they are
// written, the first that names a key named before it, and keeps it. It
// sorts keys.
func (p *keyProblem) twice(text []byte, keys []keySpan) {
	name := func(k keySpan) []byte { return text[k.from:k.to] }
	slices.SortFunc(keys, func(a, b keySpan) int {
		if c := bytes.Compare(name(a), name(b)); c != 0 {
			return c
		}
		return int(a.from - b.from)
	})
	for j := 1; j < len(keys); j++ {
		if bytes.Equal(name(keys[j-1]), name(keys[j])) && (j < 2 || !bytes.Equal(name(keys[j-2]), name(keys[j]))) {
			p.found(int(keys[j].from)-1, fmt.Errorf("%w: %q", ErrDupKey, name(keys[j])))
		}
	}
}

// maxDepth is how deep encoding/json reads JSON: an object or array more
// deeply nested than this is refused as not JSON.
const maxDepth = 10000

// keep keeps value when name is one of the head's.
func (h *rawHead) keep(name, value []byte) {
	switch string(name) {
	case "seq":
		h.seq = value
	case "ts":
		h.ts = value
	case "type":
		h.typ = value
	}
}

// valueAfter returns the value that follows a key whose closing quote is
// just before from: a string whole, with its quotes, or else the bytes up
// to the next "," or end of object. It goes only as far as a value that
// is a string or a number needs; anything else is not what the head's
// fields hold, and is refused, whatever of it is returned.
func valueAfter(text []byte, from int) []byte {
	start := from
	for start < len(text) && strings.IndexByte(": \t\r\n", text[start]) >= 0 {
		start++
	}
	if start < len(text) && text[start] == '"' {
		return text[start:min(stringEnd(text, start+1)+1, len(text))]
	}
	end := start
	for end < len(text) && strings.IndexByte(",}] \t\r\n", text[end]) < 0 {
		end++
	}
	return text[start:end]
}

// stringEnd returns the index of the quote that closes the JSON string
// whose contents begin at from: the first quote after from that an even
// number of backslashes, none included, comes before. With no such quote,
// it returns len(text).
func stringEnd(text []byte, from int) int {
	for {
		n := bytes.IndexByte(text[from:], '"')
		if n < 0 {
			return len(text)
		}
		q := from + n
		backslashes := 0
		for text[q-1-backslashes] == '\\' {
			backslashes++
		}
		if backslashes%2 == 0 {
			return q
		}
		from = q + 1
	}
}

// plainKey reports whether key is one or more lower-case ASCII letters,
// digits and "_", as it stands in the line, escapes and all.
func plainKey(key []byte) bool {
	for _, c := range key {
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') && c != '_' {
			return false
		}
	}
	return len(key) > 0
}
