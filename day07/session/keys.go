package session

import "bytes"

// lowerKeys reports whether every key of every object in text, which must
// be valid JSON, is spelt as ply spells its keys: lower-case ASCII
// letters, digits and "_". encoding/json matches a key to a field whatever
// its case ("SEQ", "Seq", even "ſeq" for seq), while jq, grep and any
// other reader of the file take the key as written; without this rule one
// line would say two things to two readers.
//
// It walks the text once, knowing only whether each open bracket is an
// object's, and jumps over the contents of strings.
func lowerKeys(text []byte) bool {
	var open [16]bool
	objects := open[:0] // for each container not yet closed, whether it is an object
	key := false        // whether the next string is a key
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '{':
			objects = append(objects, true)
			key = true
		case '[':
			objects = append(objects, false)
		case '}', ']':
			objects = objects[:len(objects)-1]
		case ',':
			key = objects[len(objects)-1]
		case '"':
			end := stringEnd(text, i+1)
			if key && !plainKey(text[i+1:end]) {
				return false
			}
			i, key = end, false
		}
	}
	return true
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
