package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

// TestSearchFile holds searchFile to its contract: every hit as
// "name:N: text", whatever the line ends, however long the lines, read
// whole or a byte at a time, after the hits of earlier files.
func TestSearchFile(t *testing.T) {
	long := strings.Repeat("x", 100_000) // more than bufio.Scanner takes in one line
	tests := []struct {
		name, text, pattern string
		want                []string // after "earlier hit"
	}{
		{"numbered from 1", "package a\nfunc One() {}\n\n  func indented() {}\nfunc Two() {}\n", `^func \w+`,
			[]string{"a.go:2: func One() {}", "a.go:5: func Two() {}"}},
		{"CRLF", "package a\r\nfunc One() {}\r\n", `\{\}$`, []string{"a.go:2: func One() {}"}},
		{"a last line without a line end", "a\nfunc Last() {}", `Last`, []string{"a.go:2: func Last() {}"}},
		{"no line after the last line end", "a\n\n", `^$`, []string{"a.go:2: "}},
		{"an empty text has no lines", "", `^$`, nil},
		{"a line longer than 64 KiB", long + "\nneedle\n", `needle`, []string{"a.go:2: needle"}},
		{"the whole line is matched", long + "needle\n", `^x+needle$`, []string{"a.go:1: " + shortLine(long+"needle")}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			readers := []struct {
				how string
				r   io.Reader
			}{
				{"whole", strings.NewReader(tt.text)},
				{"a byte at a time", iotest.OneByteReader(strings.NewReader(tt.text))},
			}
			for _, r := range readers {
				got, err := searchFile("a.go", r.r, regexp.MustCompile(tt.pattern), []string{"earlier hit"})
				want := append([]string{"earlier hit"}, tt.want...)
				if err != nil || !slices.Equal(got, want) {
					t.Errorf("searchFile(%.40q…, %s), read %s = %.100q, %v; want %.100q (see day03's exercise 4)", tt.text, tt.pattern, r.how, got, err, want)
				}
			}
		})
	}
}

// TestSearchFileStops checks that searchFile reads no further than it
// must: past the hit that makes more than maxHits, its reader fails the
// test, so an answer that reads the whole text first gets the error.
func TestSearchFileStops(t *testing.T) {
	enough := strings.Repeat("hit\n", maxHits+1)
	r := io.MultiReader(strings.NewReader(enough), iotest.ErrReader(errors.New("read on after enough hits")))
	got, err := searchFile("a.go", r, regexp.MustCompile("hit"), nil)
	if err != nil || len(got) != maxHits+1 {
		t.Errorf("searchFile of %d hitting lines and then an error: %d hits, error %v; want %d hits and no error: "+
			"read a line at a time, and stop once there are more than maxHits (see day03's exercise 4)", maxHits+1, len(got), err, maxHits+1)
	}
	boom := errors.New("disk on fire")
	r = io.MultiReader(strings.NewReader("hit\nmiss\n"), iotest.ErrReader(boom))
	if got, err := searchFile("a.go", r, regexp.MustCompile("hit"), nil); !errors.Is(err, boom) || len(got) != 1 {
		t.Errorf("searchFile of a text that fails part way: %q, error %v; want the hit before it and the error (see day03's exercise 4)", got, err)
	}
}

func TestSearch(t *testing.T) {
	ws := tree(t, map[string]string{
		"a.go":          "package a\n\nfunc Add() {}\n",
		"b/b.go":        "package b\n\nfunc Sub() {}\n",
		"crlf.go":       "package c\r\nfunc Mul() {}\r\n",
		".git/HEAD":     "func Hidden() {}\n",
		"logo.png":      "\x89PNG\x00func Binary() {}",
		"notes/todo.md": "- write func Div\n",
	})
	tests := []struct {
		name string
		args map[string]any
		want string
	}{
		{"anchored", map[string]any{"pattern": `^func \w+`},
			"a.go:3: func Add() {}\nb/b.go:3: func Sub() {}\ncrlf.go:2: func Mul() {}\n(binary files skipped: 1)\n"},
		{"under a path", map[string]any{"pattern": "func", "path": "b"}, "b/b.go:3: func Sub() {}\n"},
		{"one file", map[string]any{"pattern": "Div", "path": "notes/todo.md"}, "notes/todo.md:1: - write func Div\n"},
		{"at the end of a CRLF line", map[string]any{"pattern": `\{\}$`, "path": "crlf.go"}, "crlf.go:2: func Mul() {}\n"},
		{"nothing", map[string]any{"pattern": "Nope", "path": "b"}, "(nothing matches)\n"},
		{"missing", map[string]any{"pattern": "x", "path": "nope"}, "nope does not exist; list_dir or find shows what does"},
		{"bad pattern", map[string]any{"pattern": "("}, "bad pattern: error parsing regexp: missing closing ): `(`"},
		{"a pattern too long", map[string]any{"pattern": strings.Repeat("a", 5000)}, "the pattern is 5000 bytes long; a pattern can be at most 4096"},
		{"a pattern too big", map[string]any{"pattern": `\w{1000}`},
			"the pattern is too big: it compiles to 1002 instructions, and search takes at most 1000; a simpler one finds the lines sooner"},
		{"outside (needs day03's exercise 2)", map[string]any{"pattern": "x", "path": "../"}, "../: it is outside the workspace (" + ws.Dir() + ")"},
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

// TestSearchLineEndings checks that a search gives the same hits in a
// file with LF line ends and in the same file with CRLF: every line is
// matched on its own, without its line end, so \A, \z and (?-m) mean the
// start and the end of the line.
func TestSearchLineEndings(t *testing.T) {
	text := "package a\n\nfunc Add() {}\n  func indented() {}\n"
	ws := tree(t, map[string]string{"lf.go": text, "crlf.go": strings.ReplaceAll(text, "\n", "\r\n")})
	for _, pattern := range []string{`^func`, `\Afunc`, `(?-m)^func`, `\{\}$`, `\{\}\z`, `(?-m)\{\}$`, `^$`, `(?s)func.*\}`} {
		var hits [2]string
		for i, name := range []string{"lf.go", "crlf.go"} {
			got, err := call(t, Search{ws}, map[string]any{"pattern": pattern, "path": name})
			if err != nil {
				t.Fatal(err)
			}
			hits[i] = strings.ReplaceAll(got, name, "FILE")
		}
		if hits[0] != hits[1] || hits[0] == "(nothing matches)\n" {
			t.Errorf("search %s: LF file %q, CRLF file %q; want the same hits, and some", pattern, hits[0], hits[1])
		}
	}
}

// TestSearchBigFile searches a file bigger than read_file reads, as
// read_file's refusal advises, with a line longer than bufio.Scanner
// takes at its start.
func TestSearchBigFile(t *testing.T) {
	var big strings.Builder
	big.WriteString(strings.Repeat("x", 200_000) + "needle in a long line\n")
	for big.Len() <= maxReadSize {
		big.WriteString("some line of a log that goes on and on\n")
	}
	big.WriteString("the needle at the end\n")
	ws := tree(t, map[string]string{"big.log": big.String()})
	got, err := call(t, Search{ws}, map[string]any{"pattern": "needle"})
	lines := strings.Count(big.String(), "\n")
	if want := fmt.Sprintf("big.log:%d: the needle at the end\n", lines); err != nil || got != want {
		t.Errorf("search of a %d MiB file = %q, %v; want %q", big.Len()>>20, got, err, want)
	}
}

// TestSearchCancelled checks that a search stops when its context is
// done, between two reads of a file as well as between files.
func TestSearchCancelled(t *testing.T) {
	ws := tree(t, map[string]string{"a.txt": "needle\n"})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := (Search{ws}).Run(ctx, json.RawMessage(`{"pattern":"needle"}`)); !errors.Is(err, context.Canceled) {
		t.Errorf("a search with its context cancelled: error %v, want context.Canceled", err)
	}
	r := ctxReader{ctx, strings.NewReader("text")}
	if n, err := r.Read(make([]byte, 4)); n != 0 || !errors.Is(err, context.Canceled) {
		t.Errorf("ctxReader after cancel: %d, %v; want 0, context.Canceled", n, err)
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
// files of 49 lines each, in directories of 100, with one file in 200
// holding one line more, the line the benchmarks look for.
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
