package tools

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

func TestSearchFile(t *testing.T) {
	re := regexp.MustCompile(`^func \w+`)
	data := []byte("package a\r\nfunc One() {}\r\n\r\n  func indented() {}\nfunc Two() {}")
	got := searchFile("a.go", data, re, []string{"earlier hit"})
	want := []string{"earlier hit", "a.go:2: func One() {}", "a.go:5: func Two() {}"}
	if !slices.Equal(got, want) {
		t.Errorf("searchFile = %q, want %q (see exercise 4)", got, want)
	}
}

func TestSearch(t *testing.T) {
	ws := tree(t, map[string]string{
		"a.go":          "package a\n\nfunc Add() {}\n",
		"b/b.go":        "package b\n\nfunc Sub() {}\n",
		"crlf.go":       "package c\r\nfunc Mul() {}\r\n",
		".git/HEAD":     "func Hidden() {}\n",
		"logo.png":      "\x89PNG\x00func Binary() {}",
		"big.log":       strings.Repeat("func Big() {}\n", maxSearchSize/14+1),
		"notes/todo.md": "- write func Div\n",
	})
	tests := []struct {
		name string
		args map[string]any
		want string
	}{
		{"anchored", map[string]any{"pattern": `^func \w+`},
			"a.go:3: func Add() {}\nb/b.go:3: func Sub() {}\ncrlf.go:2: func Mul() {}\n(2 binary or large files were not searched)\n"},
		{"under a path", map[string]any{"pattern": "func", "path": "b"}, "b/b.go:3: func Sub() {}\n"},
		{"one file", map[string]any{"pattern": "Div", "path": "notes/todo.md"}, "notes/todo.md:1: - write func Div\n"},
		{"at the end of a CRLF line", map[string]any{"pattern": `\{\}$`, "path": "crlf.go"}, "crlf.go:2: func Mul() {}\n"},
		{"nothing", map[string]any{"pattern": "Nope", "path": "b"}, "(nothing matches)\n"},
		{"bad pattern", map[string]any{"pattern": "("}, "bad pattern: error parsing regexp: missing closing ): `(`"},
		{"outside (needs exercise 2)", map[string]any{"pattern": "x", "path": "../"}, "../: it is outside the workspace (" + ws.Dir() + ")"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := call(t, Search{ws}, tt.args)
			if err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("search %v =\n%q\nwant\n%q", tt.args, got, tt.want)
			}
		})
	}
}

func TestSearchCapsHits(t *testing.T) {
	ws := tree(t, map[string]string{"many.txt": strings.Repeat("hit\n", maxHits*3)})
	got, _ := call(t, Search{ws}, map[string]any{"pattern": "hit"})
	if n := strings.Count(got, ": hit\n"); n != maxHits || !strings.HasSuffix(got, "(stopped after 100 hits; narrow the pattern or the path)\n") {
		t.Errorf("search with %d hits showed %d and ended %q; want %d and a note", maxHits*3, n, tail(got, 60), maxHits)
	}
}

// benchTree writes files like those of a real project under dir: n Go
// files of about 40 lines each, in directories of 100, with one file in
// 200 holding the line the benchmarks look for.
func benchTree(b *testing.B, dir string, n int) {
	b.Helper()
	for i := range n {
		var src strings.Builder
		fmt.Fprintf(&src, "package p%d\n\nimport \"fmt\"\n\n", i/100)
		for f := range 9 {
			fmt.Fprintf(&src, "// F%d_%d prints its number.\nfunc F%d_%d() {\n\tfmt.Println(%d)\n}\n\n", i, f, i, f, f)
		}
		if i%200 == 0 {
			src.WriteString("// NEEDLE(bench): what the benchmarks look for\n")
		}
		path := filepath.Join(dir, fmt.Sprintf("d%03d", i/100), fmt.Sprintf("f%05d.go", i))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(src.String()), 0o644); err != nil {
			b.Fatal(err)
		}
	}
}

const benchFiles = 10_000

// BenchmarkSearch searches a tree of 10,000 files with the search tool.
// Compare it with BenchmarkGrep, the same search by grep -rn.
func BenchmarkSearch(b *testing.B) {
	dir := b.TempDir()
	benchTree(b, dir, benchFiles)
	ws, err := NewWorkspace(dir)
	if err != nil {
		b.Fatal(err)
	}
	defer ws.Close()
	args := map[string]any{"pattern": `NEEDLE\(bench\)`}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		out, err := call(b, Search{ws}, args)
		if err != nil || strings.Count(out, "\n") != benchFiles/200 {
			b.Fatalf("search found %d lines (%v), want %d", strings.Count(out, "\n"), err, benchFiles/200)
		}
	}
}

// BenchmarkGrep runs grep -rn over the same kind of tree, for comparison.
func BenchmarkGrep(b *testing.B) {
	grep, err := exec.LookPath("grep")
	if err != nil {
		b.Skip("no grep here")
	}
	dir := b.TempDir()
	benchTree(b, dir, benchFiles)
	b.ResetTimer()
	for b.Loop() {
		out, err := exec.Command(grep, "-rn", `NEEDLE(bench)`, dir).Output()
		if err != nil || strings.Count(string(out), "\n") != benchFiles/200 {
			b.Fatalf("grep found %d lines (%v), want %d", strings.Count(string(out), "\n"), err, benchFiles/200)
		}
	}
}
