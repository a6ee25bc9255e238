package ui

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// printable returns s fit to show on one line of a terminal. A command's
// output is not ply's to trust: an escape sequence in it could move the
// cursor, clear the screen, set the window's title or write to the
// clipboard. So every control character is shown in caret notation, as
// cat -v shows it (ESC as "^[", DEL as "^?"), and the characters that
// reorder text, the control characters of Latin-1 and bytes that are not
// UTF-8 become "\uFFFD". A tab and a line end become a space.
func printable(s string) string {
	var b strings.Builder
	for _, r := range s { // a byte that is not UTF-8 comes as utf8.RuneError
		switch {
		case r == '\t' || r == '\n' || r == '\r':
			b.WriteByte(' ')
		case r < 0x20:
			b.WriteByte('^')
			b.WriteByte(byte(r) + '@')
		case r == 0x7f:
			b.WriteString("^?")
		case unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r):
			b.WriteRune(utf8.RuneError)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}
