package main

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// flood is a server whose answer is head, then body again and again until
// size bytes have gone or the client has left, then tail.
type flood struct {
	contentType      string
	head, body, tail string
	size             int64
	gzip             bool // sent compressed, as a gzip bomb is: the transport unpacks it
	numbered         bool // body holds a %d, written with 0, 1, 2 and on, one at a time
}

func (f flood) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_, _ = io.Copy(io.Discard, r.Body)
	w.Header().Set("Content-Type", f.contentType)
	var out io.Writer = w
	if f.gzip {
		w.Header().Set("Content-Encoding", "gzip")
		z, _ := gzip.NewWriterLevel(w, gzip.BestSpeed) // a valid level: no error
		defer z.Close()
		out = z
	}
	chunk := strings.Repeat(f.body, max(1, 64<<10/len(f.body)))
	n, err := io.WriteString(out, f.head)
	for written, i := int64(n), 0; written < f.size && err == nil; written, i = written+int64(n), i+1 {
		if f.numbered {
			n, err = fmt.Fprintf(out, f.body, i)
		} else {
			n, err = io.WriteString(out, chunk)
		}
	}
	if err == nil {
		_, _ = io.WriteString(out, f.tail) // the client may be gone: it has read what it reads
	}
}

// floods are the answers BenchmarkPeakMemory sends ply: an ordinary one,
// for the floor, and answers of hundreds of megabytes, each in a shape
// that one of ply's caps stops.
var floods = []struct {
	name string
	srv  flood
}{
	{"an ordinary reply", flood{contentType: "text/event-stream",
		body: `data: {"choices":[{"index":0,"delta":{"content":"Hi."},"finish_reason":"stop"}]}` + "\n\ndata: [DONE]\n\n", size: 1}},
	{"a 400 MB answer in one piece", flood{contentType: "application/json",
		head: `{"choices":[{"message":{"content":"`, body: "x", tail: `"}}]}`, size: 400 << 20}},
	{"a 1 GB stream of text", flood{contentType: "text/event-stream",
		body: `data: {"choices":[{"index":0,"delta":{"content":"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"}}]}` + "\n\n", size: 1 << 30}},
	{"a 1 GB stream of one call", flood{contentType: "text/event-stream",
		head: `data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"c","function":{"name":"write_file","arguments":""}}]}}]}` + "\n\n",
		body: `data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"xxxxxxxxxxxxxxxx"}}]}}]}` + "\n\n", size: 1 << 30}},
	{"a 1 GB stream of calls that carry nothing", flood{contentType: "text/event-stream",
		body: `data: {"choices":[{"index":0,"delta":{"tool_calls":[{"index":%d}]}}]}` + "\n\n", size: 1 << 30, numbered: true}},
	{"a 1 GB event", flood{contentType: "text/event-stream", head: "data: ", body: "x", size: 1 << 30}},
	{"events of 15 MiB", flood{contentType: "text/event-stream",
		body: `data: {"choices":[{"index":0,"delta":{"content":"` + strings.Repeat("x", 15<<20) + `"}}]}` + "\n\n", size: 1 << 30}},
	{"events just under 4 MiB", flood{contentType: "text/event-stream",
		body: `data: {"choices":[{"index":0,"delta":{"content":"` + strings.Repeat("x", 4<<20-100) + `"}}]}` + "\n\n", size: 1 << 30}},
	{"a 1 GB stream of comments", flood{contentType: "text/event-stream", body: ": keep-alive\n\n", size: 1 << 30}},
	{"a gzip bomb of 1 GB of comments", flood{contentType: "text/event-stream", body: ": keep-alive\n\n", size: 1 << 30, gzip: true}},
	{"a gzip bomb of 1 GB in one piece", flood{contentType: "application/json",
		head: `{"choices":[{"message":{"content":"`, body: "x", tail: `"}}]}`, size: 1 << 30, gzip: true}},
}

// BenchmarkPeakMemory builds ply and runs it, in a process of its own,
// against a loopback server for each of floods: one message and its
// answer. It reports the process's peak resident memory (peak-MiB), as
// the kernel counts it. The goal is under 64 MiB for every flood.
func BenchmarkPeakMemory(b *testing.B) {
	ply := filepath.Join(b.TempDir(), "ply")
	// The test binary could stand in for ply, but it carries the tests and
	// their libraries, and takes twice ply's memory before it does anything.
	if out, err := exec.Command("go", "build", "-o", ply, ".").CombinedOutput(); err != nil {
		b.Fatalf("go build: %v\n%s", err, out)
	}
	for _, f := range floods {
		b.Run(f.name, func(b *testing.B) {
			srv := httptest.NewServer(f.srv)
			defer srv.Close()
			var peak float64
			for b.Loop() {
				peak = max(peak, peakOfPly(b, ply, srv.URL+"/v1"))
			}
			b.ReportMetric(peak, "peak-MiB")
		})
	}
}

// peakOfPly runs ply at url with one message, and returns its peak
// resident memory in MiB.
func peakOfPly(b *testing.B, ply, url string) float64 {
	home := b.TempDir()
	cmd := exec.Command(ply)
	cmd.Env = []string{"PATH=" + os.Getenv("PATH"), "HOME=" + home, "OPENAI_BASE_URL=" + url, "PLY_MODEL=m", "NO_COLOR=1"}
	cmd.Stdin = strings.NewReader("hello\n")
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		b.Fatal(err)
	}
	done := make(chan error)
	go func() { done <- cmd.Wait() }()
	peak := highWater(cmd.Process.Pid, done)
	b.Logf("ply printed %d bytes; its last line: %s", out.Len(), lastLine(out.String()))
	return peak
}

// highWater reads the peak resident memory of process pid (VmHWM, in
// MiB) until done says the process has ended, and returns the last
// reading, taken at most a few milliseconds before the end. The kernel's
// own count in the wait status (Rusage.Maxrss) would be simpler, but it
// starts from the memory of the process that started the child, this
// benchmark with its servers.
func highWater(pid int, done <-chan error) float64 {
	tick := time.NewTicker(2 * time.Millisecond)
	defer tick.Stop()
	status := fmt.Sprintf("/proc/%d/status", pid)
	var peak float64
	for {
		select {
		case <-done:
			return peak
		case <-tick.C:
		}
		data, err := os.ReadFile(status)
		if err != nil {
			continue // the process is ending: done comes next
		}
		for _, line := range strings.Split(string(data), "\n") {
			if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
				kb, err := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
				if err == nil {
					peak = max(peak, kb/1024)
				}
			}
		}
	}
}

// lastLine returns the last line of s that is not empty, cut to 200 bytes.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	line := lines[len(lines)-1]
	if len(lines) > 1 && line == "bye" {
		line = lines[len(lines)-2]
	}
	return line[:min(len(line), 200)]
}
