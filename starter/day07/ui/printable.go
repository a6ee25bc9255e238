package ui

import (
	"strings"
	"unicode"
)

// printable returns text as it may reach the user's terminal. Every text
// that ply did not write itself, a model's reply or a server's message,
// goes through it on its way to the screen.
//
// A terminal obeys the control characters in what it prints: an escape
// sequence can clear the screen, move the cursor to write over what ply
// printed, set the window's title or put text on the clipboard (OSC 52).
// So each control character is shown instead of obeyed: a C0 character as
// its picture from Unicode's Control Pictures (ESC is ␛, BEL is ␇), DEL as
// ␡, and a C1 character, whose bytes some terminals also obey, as �.
// Newlines and tabs stay. A carriage return is dropped: "\r\n" still ends
// a line, and a lone "\r" can no longer send the cursor back to write over
// the start of a line. Bidi controls (U+202E and its kin) are shown as �,
// because they reorder what the eye sees, so that a command can look like
// another one. Bytes that are not UTF-8 become � too.
//
// Each character is mapped on its own, so text that arrives in fragments
// can be made printable fragment by fragment: an escape sequence split
// between two fragments is as harmless as a whole one.
func printable(text string) string {
	return strings.Map(printableRune, text)
}

// printableRune maps one character for printable; -1 drops it.
func printableRune(r rune) rune {
	switch {
	case r == '\n' || r == '\t':
		return r
	case r == '\r':
		return -1
	case r < 0x20:
		return 0x2400 + r // Control Pictures: U+241B ␛ for U+001B ESC
	case r == 0x7f:
		return '␡'
	case unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r):
		return unicode.ReplacementChar
	}
	return r
}
