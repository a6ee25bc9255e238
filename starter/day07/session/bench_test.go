package session

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// The benchmarks compare each operation with its floor, side by side, on
// the same input: read against a bare bufio.Scanner and json.Unmarshal
// loop, append against a raw write of the same bytes, fork against a copy
// of the same bytes, listing against ls -t. BENCHMARKS.md, at the
// repository's root, has the figures and the commands.

// benchLogs caches the generated logs, by size, for the life of the test
// binary.
var benchLogs = struct {
	sync.Mutex
	dir   string
	paths map[int64]string
}{paths: map[int64]string{}}

// benchLog returns the path of a generated session log of about size
// bytes, in a store of its own, making it the first time it is asked for.
func benchLog(b testing.TB, size int64) (Store, string) {
	b.Helper()
	benchLogs.Lock()
	defer benchLogs.Unlock()
	if benchLogs.dir == "" {
		dir, err := os.MkdirTemp("", "ply-bench-")
		if err != nil {
			b.Fatal(err)
		}
		benchLogs.dir = dir
	}
	s := Store{Dir: filepath.Join(benchLogs.dir, strconv.FormatInt(size, 10))}
	if id, ok := benchLogs.paths[size]; ok {
		return s, id
	}
	id := NewID(time.Now())
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		b.Fatal(err)
	}
	f, err := os.Create(s.logPath(id))
	if err != nil {
		b.Fatal(err)
	}
	stats, err := generate(f, id, size)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("generated %s: %s", filepath.Base(s.logPath(id)), stats)
	benchLogs.paths[size] = id
	return s, id
}

// removeBenchLogs removes the generated logs; TestMain calls it.
func removeBenchLogs() {
	if benchLogs.dir != "" {
		os.RemoveAll(benchLogs.dir)
	}
}

// generate writes a session of about size bytes to w, as a stream: turns
// of a question, one or two rounds of tool calls whose results are big
// (4 KiB to 1 MiB of source-like text), an answer and the usage, and a
// compaction whenever the window passes 8 MiB, as a model with a very
// large context would need. The window it keeps is testCompact's, so the
// log replays.
func generate(w io.Writer, id string, size int64) (string, error) {
	out := bufio.NewWriterSize(w, 1<<20)
	enc := newLineEncoder()
	text := sourceText(2 << 20)
	rng := rand.New(rand.NewPCG(1, 2))
	var written, window int64
	var seq int64
	var events, compactions int
	put := func(d Data) error {
		seq++
		events++
		line, err := enc.encode(Event{Seq: seq, Time: time.Date(2026, 9, 7, 10, 0, 0, 0, time.UTC).Add(time.Duration(seq) * time.Millisecond), Data: d})
		if err != nil {
			return err
		}
		written += int64(len(line))
		if m, ok := d.(Message); ok {
			window += int64(len(m.Message.Content))
		}
		_, err = out.Write(line)
		return err
	}
	put(Meta{V: Version, ID: id, Model: "bench", Cwd: "/home/ann/calc", Agent: "ply bench"})
	put(System{Content: testSystem})
	for turn := 0; written < size; turn++ {
		put(user(fmt.Sprintf("question %d: what does the code do?", turn)))
		for round := range 1 + turn%2 {
			id := fmt.Sprintf("call_%d_%d", turn, round)
			put(calls(id))
			n := 4<<10 + rng.IntN(1<<20)
			start := rng.IntN(len(text) - n)
			put(ToolEnd{ID: id, Name: "read_file", Outcome: OutcomeOK, ElapsedMS: 3, Chars: n})
			put(result(id, text[start:start+n]))
		}
		put(answer(fmt.Sprintf("answer %d: it adds and divides; é 日本.", turn)))
		put(Usage{InputTokens: turn * 1000, OutputTokens: turn * 10, TotalTokens: turn * 1010})
		if window > 8<<20 {
			put(Compact{Summary: fmt.Sprintf("turns up to %d read calc.go", turn), ThroughSeq: seq, TokensBefore: int(window / 4)})
			window = 0
			compactions++
		}
	}
	if err := out.Flush(); err != nil {
		return "", err
	}
	return fmt.Sprintf("%d MiB, %d events, %d compactions", written>>20, events, compactions), nil
}

// sourceText returns n bytes of Go-like text: lines with tabs, quotes,
// backslashes and a few characters beyond ASCII, as a tool result holds.
func sourceText(n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "\tif x%d := divide(a, \"b\\n\"); x%d > %d { // é %d\n", i, i, i, i)
	}
	return b.String()[:n]
}

// cpuClock measures the processor time of a benchmark's loop, to report
// it as cpu-ns/op beside the wall-clock ns/op.
type cpuClock struct {
	start time.Duration
	ok    bool
}

// startCPU starts a cpuClock; call it right before the loop.
func startCPU() cpuClock {
	start, ok := cpuTime()
	return cpuClock{start, ok}
}

// report reports the processor time per operation since startCPU.
func (c cpuClock) report(b *testing.B) {
	if end, ok := cpuTime(); ok && c.ok && b.N > 0 {
		b.ReportMetric(float64(end-c.start)/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkResume resumes a 256 MiB session: read, replay, the note
// appended. The peak-MiB metric is the peak resident memory of a fresh
// process that does one such resume, read from /proc on Linux.
func BenchmarkResume(b *testing.B) {
	s, id := benchLog(b, 256<<20)
	info, _ := os.Stat(s.logPath(id))
	b.SetBytes(info.Size())
	b.ReportAllocs()
	if peak, ok := peakOfResume(b, s, id); ok {
		b.ReportMetric(peak, "peak-MiB")
	}
	clock := startCPU()
	for b.Loop() {
		l, _, err := s.Resume(id, testOptions)
		if err != nil {
			b.Fatal(err)
		}
		l.Close()
	}
	clock.report(b)
}

// peakOfResume runs the peak helper and returns the peak resident memory
// of its resume, in MiB.
func peakOfResume(b *testing.B, s Store, id string) (float64, bool) {
	if runtime.GOOS != "linux" {
		return 0, false
	}
	out, err := helper(b, "peak", s, id).Output()
	if err != nil {
		b.Fatalf("peak helper: %v: %s", err, out)
	}
	b.Logf("one resume in a fresh process: %s", strings.TrimSpace(string(out)))
	fields := strings.Fields(string(out))
	peak, err := strconv.ParseFloat(strings.TrimPrefix(fields[0], "VmHWM="), 64)
	return peak, err == nil
}

// helperPeak resumes the session once and prints the process's peak
// resident memory (VmHWM) and what the Go runtime took from the system,
// in MiB.
func helperPeak() int {
	s, id := helperStore()
	l, rp, err := s.Resume(id, testOptions)
	if err != nil {
		fmt.Println(err)
		return 1
	}
	l.Close()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	status, err := os.ReadFile("/proc/self/status")
	if err != nil {
		fmt.Println(err)
		return 1
	}
	var hwm float64
	for _, line := range strings.Split(string(status), "\n") {
		if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseFloat(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 64)
			hwm = kb / 1024
		}
	}
	fmt.Printf("VmHWM=%.1f Sys=%.1f HeapSys=%.1f window=%d messages\n",
		hwm, float64(ms.Sys)/(1<<20), float64(ms.HeapSys)/(1<<20), len(rp.Window))
	return 0
}

// bareLine is what the bare loop decodes a line into: the fields that
// replay needs, with no rule checked.
type bareLine struct {
	Seq     int64        `json:"seq"`
	TS      string       `json:"ts"`
	Type    string       `json:"type"`
	Message *wireMessage `json:"message"`
	Summary string       `json:"summary"`
	Grants  []string     `json:"grants"`
}

// BenchmarkRead reads the same 256 MiB session two ways: the strict reader
// with replay, and a bare bufio.Scanner and json.Unmarshal loop that
// checks nothing and keeps nothing.
func BenchmarkRead(b *testing.B) {
	s, id := benchLog(b, 256<<20)
	path := s.logPath(id)
	info, _ := os.Stat(path)
	b.Run("strict+replay", func(b *testing.B) {
		b.SetBytes(info.Size())
		b.ReportAllocs()
		clock := startCPU()
		for b.Loop() {
			rp, st, err := replayPath(path)
			if err != nil || st.err != nil || len(rp.Window) < 2 {
				b.Fatal(err, st.err)
			}
		}
		clock.report(b)
	})
	b.Run("bare", func(b *testing.B) {
		b.SetBytes(info.Size())
		b.ReportAllocs()
		clock := startCPU()
		for b.Loop() {
			if err := bareRead(path); err != nil {
				b.Fatal(err)
			}
		}
		clock.report(b)
	})
}

// BenchmarkDecodeManyKeys decodes a line as long as a log may hold, made
// of nothing but distinct keys, the most a line can make the walk over
// its keys keep; and, for the floor, has encoding/json read the same line
// into nothing.
func BenchmarkDecodeManyKeys(b *testing.B) {
	var text strings.Builder
	text.WriteString(`{"seq":2,"ts":"2026-09-07T10:00:00.000Z","type":"note"`)
	for i := 0; text.Len() < MaxLine-20; i++ {
		fmt.Fprintf(&text, `,"k%x":0`, i)
	}
	text.WriteString("}")
	line := []byte(text.String())
	b.Run("decode", func(b *testing.B) {
		b.SetBytes(int64(len(line)))
		b.ReportAllocs()
		clock := startCPU()
		for b.Loop() {
			if _, err := decode(line); err != nil {
				b.Fatal(err)
			}
		}
		clock.report(b)
	})
	b.Run("bare", func(b *testing.B) {
		b.SetBytes(int64(len(line)))
		b.ReportAllocs()
		clock := startCPU()
		for b.Loop() {
			if err := json.Unmarshal(line, &struct{}{}); err != nil {
				b.Fatal(err)
			}
		}
		clock.report(b)
	})
}

// replayPath reads and replays the log at path, as a resume does.
func replayPath(path string) (*Replay, stop, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, stop{}, err
	}
	defer f.Close()
	return replayFile(f, path, testOptions)
}

// bareRead is the floor of reading a log: scan the lines, decode each.
func bareRead(path string) error {
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 64<<10), MaxLine+1)
	for sc.Scan() {
		var l bareLine
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return err
		}
	}
	return sc.Err()
}

// BenchmarkAppend appends events of three sizes, and writes the very same
// bytes with one raw Write each, with an fsync after each event and
// without; "marshal+write" is json.Marshal of the event's fields and one
// Write, the floor of writing an event that is not already encoded.
// 16 KiB is about the biggest tool result ply sends: results are cut to
// 16,000 characters.
func BenchmarkAppend(b *testing.B) {
	sizes := []struct {
		name string
		data Data
	}{
		{"200B", user(strings.Repeat("what does calc.go do? ", 8))},
		{"16KiB", result("call_1", sourceText(16<<10))},
		{"256KiB", result("call_1", sourceText(256<<10))},
	}
	for _, size := range sizes {
		for _, sync := range []bool{false, true} {
			name := size.name
			if sync {
				if size.name == "256KiB" {
					continue
				}
				name += "+fsync"
			}
			b.Run("append/"+name, func(b *testing.B) { benchAppend(b, size.data, sync) })
			b.Run("marshal+write/"+name, func(b *testing.B) { benchMarshalWrite(b, size.data, sync) })
			b.Run("write/"+name, func(b *testing.B) { benchWrite(b, size.data, sync) })
		}
	}
}

func benchAppend(b *testing.B, d Data, sync bool) {
	s := Store{Dir: filepath.Join(b.TempDir(), "sessions"), Sync: sync}
	l := create(b, s)
	defer l.Close()
	line, _ := newLineEncoder().encode(Event{Seq: 1, Data: d})
	b.SetBytes(int64(len(line)))
	b.ReportAllocs()
	clock := startCPU()
	for b.Loop() {
		if _, err := l.Append(d); err != nil {
			b.Fatal(err)
		}
	}
	clock.report(b)
}

func benchMarshalWrite(b *testing.B, d Data, sync bool) {
	f := rawFile(b)
	defer f.Close()
	line, _ := newLineEncoder().encode(Event{Seq: 1, Data: d})
	b.SetBytes(int64(len(line)))
	b.ReportAllocs()
	clock := startCPU()
	for b.Loop() {
		data, err := json.Marshal(lineOf(Event{Seq: 1, Time: time.Now(), Data: d}))
		if err != nil {
			b.Fatal(err)
		}
		writeRaw(b, f, append(data, '\n'), sync)
	}
	clock.report(b)
}

func benchWrite(b *testing.B, d Data, sync bool) {
	f := rawFile(b)
	defer f.Close()
	line, _ := newLineEncoder().encode(Event{Seq: 1, Data: d})
	line = slices.Clone(line)
	b.SetBytes(int64(len(line)))
	b.ReportAllocs()
	clock := startCPU()
	for b.Loop() {
		writeRaw(b, f, line, sync)
	}
	clock.report(b)
}

// rawFile opens a new file for appending, as a log is.
func rawFile(b *testing.B) *os.File {
	f, err := os.OpenFile(filepath.Join(b.TempDir(), "raw.jsonl"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		b.Fatal(err)
	}
	return f
}

// writeRaw writes line with one Write, and syncs when asked.
func writeRaw(b *testing.B, f *os.File, line []byte, sync bool) {
	if _, err := f.Write(line); err != nil {
		b.Fatal(err)
	}
	if sync {
		if err := f.Sync(); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkFork forks a 200 MiB session at its last fork point, and
// copies the same bytes to a new file; "fork/copy" is the fork's copy
// step alone, without the strict read that finds and checks the point.
func BenchmarkFork(b *testing.B) {
	s, id := benchLog(b, 200<<20)
	path := s.logPath(id)
	at, size := lastForkPoint(b, path)
	b.Run("fork", func(b *testing.B) {
		b.SetBytes(size)
		clock := startCPU()
		for b.Loop() {
			l, _, err := s.Fork(id, at, testOptions)
			if err != nil {
				b.Fatal(err)
			}
			remove(b, l)
		}
		clock.report(b)
	})
	b.Run("fork/copy", func(b *testing.B) {
		b.SetBytes(size)
		clock := startCPU()
		src, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		defer src.Close()
		for b.Loop() {
			if _, err := src.Seek(0, io.SeekStart); err != nil {
				b.Fatal(err)
			}
			l, err := s.forkLog(id, "/home/ann/calc", src, size, at)
			if err != nil {
				b.Fatal(err)
			}
			remove(b, l)
		}
		clock.report(b)
	})
	b.Run("copy", func(b *testing.B) {
		b.SetBytes(size)
		dst := filepath.Join(s.Dir, "copy.jsonl")
		clock := startCPU()
		for b.Loop() {
			if err := plainCopy(dst, path, size); err != nil {
				b.Fatal(err)
			}
			os.Remove(dst)
		}
		clock.report(b)
	})
}

// remove closes l and removes its log: a published log is never
// discarded, so a benchmark cleans up after itself.
func remove(b *testing.B, l *Log) {
	l.Close()
	if err := os.Remove(l.Path()); err != nil {
		b.Fatal(err)
	}
}

// plainCopy copies the first n bytes of the file src to a new file dst,
// as a program that copies a file would: no fsync, and the kernel copies
// file to file when it can.
func plainCopy(dst, src string, n int64) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
	if err != nil {
		return err
	}
	_, err = io.CopyN(out, in, n)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return err
}

// lastForkPoint returns the last fork point of the log at path and the
// bytes up to the end of its line.
func lastForkPoint(b *testing.B, path string) (int64, int64) {
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	r := NewReader(f, path)
	var at, size int64
	for r.Next() {
		if IsForkPoint(r.Event()) {
			at, size = r.Event().Seq, r.Offset()
		}
	}
	return at, size
}

// BenchmarkList lists the ten most recent of 10,000 sessions, against
// ls -t of the same folder (a process of its own, as a user would run
// it) and against the floor in this process: read the folder, stat every
// file, sort. It lists from the directory the sessions began in, from
// one where none did, and every directory's; latest is what ply --resume
// looks for, from the first and from the second.
func BenchmarkList(b *testing.B) {
	s := manySessions(b, 10_000)
	lists := []struct {
		name string
		cwd  string
		want int
	}{
		{"all", "", 10},
		{"here", "/home/ann/calc", 10},
		{"elsewhere", "/home/ann/other", 0},
	}
	for _, l := range lists {
		b.Run("list/"+l.name, func(b *testing.B) {
			b.ReportAllocs()
			clock := startCPU()
			for b.Loop() {
				if list, err := s.List(l.cwd, "", 10); len(list) != l.want || err != nil {
					b.Fatal(len(list), err)
				}
			}
			clock.report(b)
		})
	}
	b.Run("latest/here", func(b *testing.B) {
		b.ReportAllocs()
		clock := startCPU()
		for b.Loop() {
			if _, err := s.Latest("/home/ann/calc"); err != nil {
				b.Fatal(err)
			}
		}
		clock.report(b)
	})
	b.Run("latest/elsewhere", func(b *testing.B) {
		b.ReportAllocs()
		clock := startCPU()
		for b.Loop() {
			if _, err := s.Latest("/home/ann/other"); !errors.Is(err, ErrNoSession) {
				b.Fatal(err)
			}
		}
		clock.report(b)
	})
	b.Run("ls-t", func(b *testing.B) {
		clock := startCPU()
		for b.Loop() {
			if err := exec.Command("ls", "-t", s.Dir).Run(); err != nil {
				b.Skip("ls:", err)
			}
		}
		clock.report(b)
	})
	b.Run("stat+sort", func(b *testing.B) {
		b.ReportAllocs()
		clock := startCPU()
		for b.Loop() {
			if _, err := s.byLastUse(""); err != nil {
				b.Fatal(err)
			}
		}
		clock.report(b)
	})
}

// manySessions makes n small sessions, each with a question and an
// answer and a time of its own, once per run of the test binary.
func manySessions(b *testing.B, n int) Store {
	s, _ := benchLog(b, 0) // a folder of its own, holding one empty-ish log
	if logs, _ := filepath.Glob(filepath.Join(s.Dir, "*.jsonl")); len(logs) >= n {
		return s
	}
	makeSessions(b, s, n, "/home/ann/calc", time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	return s
}
