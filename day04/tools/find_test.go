package tools

import (
	"strconv"
	"strings"
	"testing"
)

func TestMatchGlob(t *testing.T) {
	tests := []struct {
		pattern, name string
		want          bool
	}{
		{"*.go", "calc.go", true},
		{"*.go", "sub/calc.go", false},
		{"**/*.go", "calc.go", true},
		{"**/*.go", "a/b/c/calc.go", true},
		{"**/*_test.go", "a/calc.go", false},
		{"a/**", "a/b/c", true},
		{"a/**", "a", true},
		{"a/**/c", "a/c", true},
		{"a/**/c", "a/b/b/c", true},
		{"a/**/c", "a/b/d", false},
		{"**", "anything/at/all", true},
		{"a/?.go", "a/x.go", true},
		{"a/[xy].go", "a/z.go", false},
		{"calc.go", "calc.go", true},
		{"calc.go", "calc.go/x", false},
	}
	for _, tt := range tests {
		if got := matchGlob(tt.pattern, tt.name); got != tt.want {
			t.Errorf("matchGlob(%q, %q) = %v, want %v (see exercise 5)", tt.pattern, tt.name, got, tt.want)
		}
	}
}

func TestFind(t *testing.T) {
	ws := tree(t, map[string]string{
		"calc.go": "", "calc_test.go": "", "sub/deep/x_test.go": "", ".git/hooks/y_test.go": "", "doc/readme.md": "",
	})
	tests := []struct {
		pattern string
		want    string
	}{
		{"**/*_test.go", "calc_test.go\nsub/deep/x_test.go\n"},
		{"*.go", "calc.go\ncalc_test.go\n"},
		{"./*.go", "calc.go\ncalc_test.go\n"},
		{"*.rs", "(nothing matches)\n"},
		{"[", `error: "[" is not a glob pattern`},
		{"", `error: "" is not a glob pattern`},
	}
	for _, tt := range tests {
		got, err := call(t, Find{ws}, map[string]any{"pattern": tt.pattern})
		if err != nil {
			got = "error: " + err.Error()
		}
		if got != tt.want {
			t.Errorf("find %q = %q, want %q", tt.pattern, got, tt.want)
		}
	}
}

func TestFindCaps(t *testing.T) {
	files := map[string]string{}
	for i := range maxFound + 5 {
		files["f/"+strconv.Itoa(i%10)+"/"+strconv.Itoa(i)+".txt"] = ""
	}
	ws := tree(t, files)
	got, _ := call(t, Find{ws}, map[string]any{"pattern": "**/*.txt"})
	if !strings.HasSuffix(got, "(5 more not shown; make the pattern narrower)\n") {
		t.Errorf("find over %d files ends %q, want a note that 5 were left out", maxFound+5, tail(got, 60))
	}
}
