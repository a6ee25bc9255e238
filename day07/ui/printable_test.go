package ui

import (
	"strings"
	"testing"
	"unicode"
)

// hostile is what a model or a server might send to take over a terminal.
var hostile = []struct {
	name, text, want string
}{
	{"clear the screen", "\x1b[2J\x1b[H", "␛[2J␛[H"},
	{"set the title", "\x1b]0;pwned\x07", "␛]0;pwned␇"},
	{"write the clipboard (OSC 52)", "\x1b]52;c;cm0gLXJmIH4=\x1b\\", "␛]52;c;cm0gLXJmIH4=␛\\"},
	{"move the cursor up and erase", "ok\x1b[1A\x1b[2K", "ok␛[1A␛[2K"},
	{"C1 control sequence introducer", "\u009b2J", "\uFFFD2J"},
	{"C1 operating system command", "\u009d0;title\u009c", "\uFFFD0;title\uFFFD"},
	{"a lone carriage return writes over nothing", "rm -rf ~\rls", "rm -rf ~ls"},
	{"CRLF ends a line", "one\r\ntwo", "one\ntwo"},
	{"backspaces", "safe\b\b\b\bevil", "safe␈␈␈␈evil"},
	{"bell and NUL", "\a\x00", "␇␀"},
	{"DEL", "a\x7fb", "a␡b"},
	{"right-to-left override", "ls \u202e; txt.exe", "ls \uFFFD; txt.exe"},
	{"bidi isolates", "\u2066a\u2069", "\uFFFDa\uFFFD"},
	{"bytes that are not UTF-8", "a\xffb\xc2", "a\uFFFDb\uFFFD"},
	{"newlines and tabs stay", "a\n\tb\n", "a\n\tb\n"},
	{"text stays as it is", "naïve café, 日本語, 👩‍💻", "naïve café, 日本語, 👩‍💻"},
}

func TestPrintable(t *testing.T) {
	for _, tt := range hostile {
		t.Run(tt.name, func(t *testing.T) {
			if got := printable(tt.text); got != tt.want {
				t.Errorf("printable(%q) = %q, want %q", tt.text, got, tt.want)
			}
			assertHarmless(t, printable(tt.text))
		})
	}
}

// TestPrintableInPieces cuts each hostile text at every character and
// makes the pieces printable one by one, as a streamed reply is: the
// result is the same as for the whole text.
func TestPrintableInPieces(t *testing.T) {
	for _, tt := range hostile {
		runes := []rune(tt.text)
		if !isUTF8(tt.text) {
			continue // bytes that are not UTF-8 have no character boundaries to cut at
		}
		for i := range runes {
			got := printable(string(runes[:i])) + printable(string(runes[i:]))
			if got != tt.want {
				t.Errorf("cut at %d, printable(%q)+printable(%q) = %q, want %q", i, string(runes[:i]), string(runes[i:]), got, tt.want)
			}
		}
	}
}

func isUTF8(s string) bool { return strings.ToValidUTF8(s, "") == s }

// assertHarmless fails when text holds anything a terminal would act on.
func assertHarmless(t testing.TB, text string) {
	t.Helper()
	for _, r := range text {
		if r != '\n' && r != '\t' && (unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r)) {
			t.Errorf("%q holds %U, which a terminal would act on", text, r)
		}
	}
}
