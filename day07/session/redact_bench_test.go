package session

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// secretText returns n bytes of what tool results hold when they hold
// secrets: Go source, go test's output, a configuration file, an env dump
// and a curl command, over and over; three of the six lines hold a
// secret, and nearly every one a word that makes Redact look closer.
func secretText(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "func token%d(key string) (string, error) { // the key is looked up\n", i)
		fmt.Fprintf(&b, "\tif x%d := divide(a, \"b\\n\"); x%d > %d { return \"\", errAuth }\n", i, i, i)
		fmt.Fprintf(&b, "--- PASS: TestDivide/%d (0.00s)\nok  \tcalc\t0.003s\n", i)
		fmt.Fprintf(&b, "db:\n  host: db%d\n  password: hunter%d\n", i, i)
		fmt.Fprintf(&b, "PATH=/usr/bin\nHOME=/home/ann\nGITHUB_TOKEN=ghp_%036d\n", i)
		fmt.Fprintf(&b, "curl -H \"Authorization: Bearer %040d\" https://api.example.com/v1/items/%d\n", i, i)
	}
	return b.String()[:n]
}

// BenchmarkRedact redacts 8 MiB of text four ways: source text with no
// word a shape looks for, real source (Go's net/http, which speaks of
// tokens, keys, passwords and Authorization headers throughout),
// secretText, and the word "key" over and over, the slowest text of
// those tried.
func BenchmarkRedact(b *testing.B) {
	inputs := []struct{ name, text string }{
		{"no-words", sourceText(8 << 20)},
		{"net-http", goSource(b, "net/http", 8<<20)},
		{"secrets", secretText(8 << 20)},
		{"key-key-key", strings.Repeat("key", 8<<20/3)},
	}
	for _, in := range inputs {
		b.Run(in.name, func(b *testing.B) {
			red := NewRedactor(secretEnv)
			b.SetBytes(int64(len(in.text)))
			b.ReportAllocs()
			clock := startCPU()
			for b.Loop() {
				red.Redact(in.text)
			}
			clock.report(b)
		})
	}
}

// goSource returns n bytes of the Go files of the standard library's
// package pkg, over and over.
func goSource(b *testing.B, pkg string, n int) string {
	root, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		b.Skipf("no go env GOROOT: %v", err)
	}
	files, _ := filepath.Glob(filepath.Join(strings.TrimSpace(string(root)), "src", pkg, "*.go"))
	var src strings.Builder
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		src.Write(data)
	}
	if src.Len() == 0 {
		b.Skipf("no source of %s in GOROOT", pkg)
	}
	return strings.Repeat(src.String(), n/src.Len()+1)[:n]
}

// BenchmarkPrintALargeSession is ply log and ply sessions export of a
// session of 100 MiB whose tool results are secretText, each with the
// Redactor and without: the cost of redaction is the difference.
func BenchmarkPrintALargeSession(b *testing.B) {
	s := Store{Dir: b.TempDir()}
	id, size := secretSession(b, s, 100<<20)
	red := NewRedactor(secretEnv)
	for _, p := range []struct {
		name  string
		print func(*Reader, *Redactor) error
	}{{"log", describeAll}, {"export", func(r *Reader, red *Redactor) error { return Export(io.Discard, id, r, red) }}} {
		for _, raw := range []bool{false, true} {
			name := p.name + "/redacted"
			use := red
			if raw {
				name, use = p.name+"/raw", nil
			}
			b.Run(name, func(b *testing.B) {
				b.SetBytes(size)
				clock := startCPU()
				for b.Loop() {
					r, err := s.Open(id)
					if err != nil {
						b.Fatal(err)
					}
					err = p.print(r, use)
					r.Close()
					if err != nil {
						b.Fatal(err)
					}
				}
				clock.report(b)
			})
		}
	}
}

// describeAll does what ply log does with each event, to io.Discard.
func describeAll(r *Reader, red *Redactor) error {
	for r.Next() {
		fmt.Fprintln(io.Discard, red.Describe(r.Event()))
	}
	return r.Err()
}

// secretSession writes a session of about size bytes to s, its tool
// results 64 KiB of secretText each, and returns its id and size.
func secretSession(b *testing.B, s Store, size int64) (string, int64) {
	b.Helper()
	l, err := s.Create(Meta{Model: "bench", Cwd: "/home/ann/calc", Agent: "ply bench"}, testSystem, nil)
	if err != nil {
		b.Fatal(err)
	}
	text := secretText(1 << 20)
	start := time.Now()
	for turn := 0; ; turn++ {
		info, err := os.Stat(l.Path())
		if err != nil {
			b.Fatal(err)
		}
		if info.Size() >= size {
			l.Close()
			b.Logf("generated %d MiB in %s", info.Size()>>20, time.Since(start).Round(time.Millisecond))
			return l.ID(), info.Size()
		}
		id := fmt.Sprintf("call_%d", turn)
		at := turn * 4099 % (len(text) - 64<<10)
		mustAppend(b, l, user(fmt.Sprintf("question %d: what does the code do?", turn)))
		mustAppend(b, l, calls(id))
		mustAppend(b, l, result(id, text[at:at+64<<10]))
		mustAppend(b, l, answer(fmt.Sprintf("answer %d: it adds and divides.", turn)))
	}
}
