package ui

import "testing"

func TestPrintable(t *testing.T) {
	tests := []struct{ name, in, want string }{
		{"plain text", "=== RUN   TestDiv/by_zero", "=== RUN   TestDiv/by_zero"},
		{"colour", "\x1b[31mFAIL\x1b[0m", "^[[31mFAIL^[[0m"},
		{"clear the screen", "\x1b[2J\x1b[H", "^[[2J^[[H"},
		{"the window's title", "\x1b]0;pwned\x07", "^[]0;pwned^G"},
		{"the clipboard", "\x1b]52;c;aGk=\x07", "^[]52;c;aGk=^G"},
		{"a carriage return", "100%\rdone", "100% done"},
		{"a tab", "a\tb", "a b"},
		{"DEL", "x\x7fy", "x^?y"},
		{"a Latin-1 control", "a\u009bb", "a\uFFFDb"},
		{"text reordered", "abc\u202edcba", "abc\uFFFDdcba"},
		{"not UTF-8", "a\xffb", "a\uFFFDb"},
		{"a real replacement character", "a\uFFFDb", "a\uFFFDb"},
		{"wide characters stay", "テスト ok", "テスト ok"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := printable(tt.in); got != tt.want {
				t.Errorf("printable(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}
