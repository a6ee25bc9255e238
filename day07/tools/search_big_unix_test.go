//go:build unix

package tools

import (
	"bufio"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// BenchmarkSearchBigFile searches one file of 256 MiB for the line at its
// end, and reports the most memory the process has held (maxrss-MiB):
// read a line at a time, the search stays far below the file's size. The
// figure is the whole process's high-water mark, so run the benchmark
// alone: go test -run XXX -bench SearchBigFile ./tools
func BenchmarkSearchBigFile(b *testing.B) {
	dir := b.TempDir()
	f, err := os.Create(filepath.Join(dir, "big.log"))
	if err != nil {
		b.Fatal(err)
	}
	w := bufio.NewWriter(f)
	line := strings.Repeat("a log line that says nothing much ", 3) + "\n"
	for size := 0; size < 256<<20; size += len(line) {
		w.WriteString(line)
	}
	w.WriteString("the needle\n")
	if err := w.Flush(); err != nil {
		b.Fatal(err)
	}
	f.Close()
	ws, err := NewWorkspace(dir)
	if err != nil {
		b.Fatal(err)
	}
	defer ws.Close()
	b.ReportAllocs()
	b.SetBytes(256 << 20)
	for b.Loop() {
		if out, err := call(b, Search{ws}, map[string]any{"pattern": "needle"}); err != nil || !strings.Contains(out, ": the needle") {
			b.Fatalf("search = %q, %v; want the needle", out, err)
		}
	}
	var usage syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &usage); err != nil {
		b.Fatal(err)
	}
	rss := float64(usage.Maxrss) / 1024 // KiB on Linux
	if runtime.GOOS == "darwin" {
		rss /= 1024 // bytes there
	}
	b.ReportMetric(rss, "maxrss-MiB")
}
