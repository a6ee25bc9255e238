package session

import (
	"bytes"
	"fmt"
	"strings"
)

// rawHead is the values of a line's own seq, ts and type, as they stand
// in its bytes: a string with its quotes. A field the line does not have
// is nil.
type rawHead struct {
	seq, ts, typ []byte
}

// checkKeys walks the keys of a line, text, once, and returns the values
// of its seq, ts and type as written. Its error is ErrKeyCase for the
// first key, in any object of the line, that is not spelt as ply spells
// its keys (lower-case ASCII letters, digits and "_"), or ErrDupKey for
// the first that its object names twice, whichever comes first.
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
// over the contents of strings. What it says of text that is not JSON
// means nothing, and decode, which learns from encoding/json that the
// text is not JSON, does not use it; it only never fails on such text,
// and never goes deeper than encoding/json reads.
func checkKeys(text []byte) (rawHead, error) {
	var h rawHead
	var open [16]int
	objects := open[:0] // for each container not yet closed: where its "{" is, or -1 for an array
	seen := map[objectKey]bool{}
	key := false // whether the next string is a key
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '{', '[':
			if len(objects) == maxDepth {
				return h, nil // deeper than any JSON encoding/json reads
			}
			object := -1
			if text[i] == '{' {
				object = i
			}
			objects = append(objects, object)
			key = object >= 0
		case '}', ']', ',':
			if len(objects) == 0 {
				return h, nil // not JSON
			}
			if text[i] == ',' {
				key = objects[len(objects)-1] >= 0
			} else {
				objects, key = objects[:len(objects)-1], false
			}
		case '"':
			end := stringEnd(text, i+1)
			if key {
				name := text[i+1 : end]
				k := objectKey{objects[len(objects)-1], string(name)}
				switch {
				case !plainKey(name):
					return h, ErrKeyCase
				case seen[k]:
					return h, fmt.Errorf("%w: %q", ErrDupKey, name)
				}
				seen[k] = true
				if len(objects) == 1 {
					h.keep(k.name, valueAfter(text, end+1))
				}
			}
			i, key = end, false
		}
	}
	return h, nil
}

// maxDepth is how deep encoding/json reads JSON: an object or array more
// deeply nested than this is refused as not JSON.
const maxDepth = 10000

// keep keeps value when name is one of the head's.
func (h *rawHead) keep(name string, value []byte) {
	switch name {
	case "seq":
		h.seq = value
	case "ts":
		h.ts = value
	case "type":
		h.typ = value
	}
}

// objectKey is a key of one object of a line: where the object's "{" is
// in the line, and the key as it is written.
type objectKey struct {
	object int
	name   string
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
