package approval

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// word parses src as the single word of a command line.
func word(t *testing.T, src string) *syntax.Word {
	t.Helper()
	f, err := syntax.NewParser().Parse(strings.NewReader("x "+src), "")
	if err != nil {
		t.Fatalf("parse %q: %v", src, err)
	}
	return f.Stmts[0].Cmd.(*syntax.CallExpr).Args[1]
}

func TestLiteral(t *testing.T) {
	tests := []struct {
		word string
		want string
		ok   bool
	}{
		{"ls", "ls", true},
		{"'ls'", "ls", true},
		{`"ls"`, "ls", true},
		{`l's'"-"la`, "ls-la", true},
		{`\ls`, "ls", true},
		{`a\ b`, "a b", true},
		{`"a\"b\\c\$d\e"`, `a"b\c$d\e`, true},
		{`'a\b'`, `a\b`, true},
		{"*.go", "*.go", true},
		{"~/x", "~/x", true},
		{"$x", "", false},
		{`"$x"`, "", false},
		{"a$(ls)", "", false},
		{"`ls`", "", false},
		{"$((1))", "", false},
		{`$'\x72m'`, "", false},
		{`$"hi"`, "", false},
	}
	for _, tt := range tests {
		got, ok := literal(word(t, tt.word))
		if got != tt.want || ok != tt.ok {
			t.Errorf("literal(%s) = %q, %v; want %q, %v", tt.word, got, ok, tt.want, tt.ok)
		}
	}
}

func TestMayExpand(t *testing.T) {
	tests := []struct {
		word string
		want bool
	}{
		{"calc.go", false},
		{"*.go", true},
		{"calc.g?", true},
		{"[ab]", true},
		{"{a,b}", true},
		{`\*.go`, false},
		{"'*.go'", false},
		{`"*.go"`, false},
	}
	for _, tt := range tests {
		if got := mayExpand(word(t, tt.word)); got != tt.want {
			t.Errorf("mayExpand(%s) = %v, want %v", tt.word, got, tt.want)
		}
	}
}

func TestShort(t *testing.T) {
	long := strings.Repeat("é", maxQuoted+5)
	tests := []struct{ in, want string }{
		{"ls", "ls"},
		{strings.Repeat("é", maxQuoted), strings.Repeat("é", maxQuoted)},
		{long, strings.Repeat("é", maxQuoted-1) + "…"},
	}
	for _, tt := range tests {
		if got := short(tt.in); got != tt.want {
			t.Errorf("short(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
