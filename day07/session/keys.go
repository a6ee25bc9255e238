package session

import (
	"bytes"
	"fmt"
)

// checkKeys returns ErrKeyCase for the first key of text, which must be
// valid JSON, that is not spelt as ply spells its keys (lower-case ASCII
// letters, digits and "_"), or ErrDupKey for the first that its object
// names twice, whichever comes first, in any object of the line.
//
// Each is a line that would say two things to two readers.
// encoding/json matches a key to a field whatever its case ("SEQ", "Seq",
// even "ſeq" for seq), while jq, grep and any other reader of the file
// take the key as written. And of a key named twice, encoding/json keeps
// the last value and other readers the first, or refuse the line: a
// second "content" would replace the first, and a "type" at the end would
// make the line another event than its start says.
//
// It walks the text once, knowing only whether each open bracket is an
// object's, and jumps over the contents of strings.
func checkKeys(text []byte) error {
	var open [16]int
	objects := open[:0] // for each container not yet closed: where its "{" is, or -1 for an array
	seen := map[objectKey]bool{}
	key := false // whether the next string is a key
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '{':
			objects = append(objects, i)
			key = true
		case '[':
			objects = append(objects, -1)
		case '}', ']':
			objects = objects[:len(objects)-1]
		case ',':
			key = objects[len(objects)-1] >= 0
		case '"':
			end := stringEnd(text, i+1)
			if key {
				name := text[i+1 : end]
				k := objectKey{objects[len(objects)-1], string(name)}
				switch {
				case !plainKey(name):
					return ErrKeyCase
				case seen[k]:
					return fmt.Errorf("%w: %q", ErrDupKey, name)
				}
				seen[k] = true
			}
			i, key = end, false
		}
	}
	return nil
}

// objectKey is a key of one object of a line: where the object's "{" is
// in the line, and the key as it is written.
type objectKey struct {
	object int
	name   string
}

// stringEnd returns the index of the quote that closes the JSON string
// whose contents begin at from: the first quote after from that an even
// number of backslashes, none included, comes before.
func stringEnd(text []byte, from int) int {
	for {
		q := from + bytes.IndexByte(text[from:], '"')
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
