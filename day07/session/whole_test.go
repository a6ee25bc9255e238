package session

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// bigParent makes a session whose log ends in a user message of about n
// bytes, and returns the store, the log's id and its bytes; the message
// is a fork point, seq 3.
func bigParent(t testing.TB, n int) (Store, string, []byte) {
	t.Helper()
	s := newTestStore(t)
	l := create(t, s)
	mustAppend(t, l, user(strings.Repeat("the parent's question ", n/22)))
	l.Close()
	return s, l.ID(), readFile(t, l.Path())
}

// TestForkIsWholeOrAbsent forks from a pipe that hands the parent's bytes
// over slowly. While the copy is under way, the new session is nowhere a
// ply looks for sessions: no log under a session's name, nothing listed,
// nothing for --resume; once the fork returns, it is all there.
func TestForkIsWholeOrAbsent(t *testing.T) {
	s, parent, data := bigParent(t, 1<<20)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	type forked struct {
		l   *Log
		err error
	}
	done := make(chan forked, 1)
	go func() {
		l, err := s.forkLog(parent, "/home/ann/calc", r, int64(len(data)), 3)
		r.Close() // a fork that stops reading early makes the writes below fail, not wait
		done <- forked{l, err}
	}()
	// The pipe holds far less than this: the write returns only once the
	// fork has read all but what the pipe holds, so its copy is under way.
	if _, err := w.Write(data[:len(data)-1]); err != nil {
		f := <-done
		t.Fatalf("forkLog returned (%v) before it had read the parent's %d bytes: %v (see exercise 4)", f.err, len(data), err)
	}
	logs, _ := filepath.Glob(filepath.Join(s.Dir, "*.jsonl"))
	if len(logs) != 1 {
		t.Errorf("during the copy the folder holds the logs %q; want only the parent's (see exercise 4: it takes its name only whole)", logs)
	}
	if list, err := s.List("", "", 10); len(list) != 1 || list[0].ID != parent || err != nil {
		t.Errorf("during the copy List = %+v, %v; want only the parent (see exercise 4)", list, err)
	}
	if latest, err := s.Latest("/home/ann/calc"); latest != parent || err != nil {
		t.Errorf("during the copy Latest = %q, %v; want the parent, %s (see exercise 4)", latest, err, parent)
	}
	w.Write(data[len(data)-1:])
	w.Close()
	f := <-done
	if f.err != nil {
		t.Fatalf("forkLog: %v (see exercise 4)", f.err)
	}
	defer f.l.Close()
	evs := events(t, f.l.Path())
	if got := readFile(t, f.l.Path()); !bytes.HasPrefix(got, data) || len(evs) != 4 || evs[3].Data != (Fork{From: parent, AtSeq: 3}) {
		t.Errorf("the fork's log holds %d events; want the parent's 3, byte for byte, then its fork event (see exercise 4)", len(evs))
	}
}

// TestForkCopiesFileToFile forks a 4 MiB log and weighs the memory the
// copy takes. The kernel copies a file into a file opened without
// O_APPEND itself (copy_file_range), for no memory at all; a copy through
// this process needs a buffer, and reading the prefix first, as much
// memory as the prefix.
func TestForkCopiesFileToFile(t *testing.T) {
	s, parent, data := bigParent(t, 4<<20)
	src, err := os.Open(logOf(t, s, parent))
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	floor := allocated(func() {
		if err := plainCopy(filepath.Join(s.Dir, "copy"), logOf(t, s, parent), int64(len(data))); err != nil {
			t.Fatal(err)
		}
	})
	if floor >= 16<<10 {
		t.Skipf("a plain copy here takes %d bytes: the kernel does not copy file to file on this system", floor)
	}
	// A first fork fills what the process keeps for every later one, such
	// as encoding/json's knowledge of the fork event's line.
	l, err := s.forkLog(parent, "/home/ann/calc", src, int64(len(data)), 3)
	if err != nil {
		t.Fatalf("forkLog: %v (see exercise 4)", err)
	}
	l.Close()
	if _, err := src.Seek(0, io.SeekStart); err != nil {
		t.Fatal(err)
	}
	used := allocated(func() { l, err = s.forkLog(parent, "/home/ann/calc", src, int64(len(data)), 3) })
	if err != nil {
		t.Fatalf("forkLog: %v (see exercise 4)", err)
	}
	l.Close()
	if used >= 16<<10 {
		t.Errorf("a fork of 4 MiB took %d bytes of memory; a plain copy takes %d. Copy from src into l.f as it is, with nothing in between (see exercise 4)", used, floor)
	}
}

// allocated returns the bytes the heap gave out while do ran.
func allocated(do func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	do()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestLeftoverNewLogsAreRemoved leaves two new logs in the folder, as
// plys killed while they made them would, and a third that a ply is still
// making: the next session made removes the first two, whose lock nobody
// holds, and leaves the third.
func TestLeftoverNewLogsAreRemoved(t *testing.T) {
	s := newTestStore(t)
	create(t, s).Close()
	making, err := s.newLog("/home/ann/calc")
	if err != nil {
		t.Fatal(err)
	}
	defer making.discard()
	left := []string{filepath.Join(s.newDir(), "s-20260101-000000-aaaa.jsonl"), filepath.Join(s.newDir(), "s-20260101-000000-bbbb.jsonl")}
	for _, path := range left {
		writeFile(t, path, []byte(metaLine()))
	}
	create(t, s).Close()
	for _, path := range left {
		if _, err := os.Lstat(path); !errors.Is(err, os.ErrNotExist) {
			t.Errorf("%s is still there (%v); want a leftover new log removed", filepath.Base(path), err)
		}
	}
	if _, err := os.Lstat(making.Path()); err != nil {
		t.Errorf("the new log a ply is still making was removed: %v", err)
	}
}

// TestNothingIsLeftOpen counts the files this process has open before and
// after each way of opening a session, and after each refusal: none may
// keep one.
func TestNothingIsLeftOpen(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("counts the entries of /proc/self/fd")
	}
	s, l, full := damagedLog(t)
	ways := []struct {
		name string
		do   func()
	}{
		{"Create and Close", func() { create(t, s).Close() }},
		{"Resume and Close", func() {
			rl, _, err := s.Resume(l.ID(), testOptions)
			if err != nil {
				t.Fatal(err)
			}
			rl.Close()
		}},
		{"Resume that repairs", func() {
			writeFile(t, l.Path(), append(bytes.Clone(full), `{"seq":14,`...))
			rl, _, err := s.Resume(l.ID(), testOptions)
			if err != nil {
				t.Fatal(err)
			}
			rl.Close()
		}},
		{"Fork and Close", func() {
			child, _, err := s.Fork(l.ID(), 3, testOptions)
			if err != nil {
				t.Fatal(err)
			}
			child.Close()
		}},
		{"Fork refused", func() { s.Fork(l.ID(), 4, testOptions) }},
		{"fork that fails half-way", func() {
			src, err := os.Open(l.Path())
			if err != nil {
				t.Fatal(err)
			}
			defer src.Close()
			s.forkLog(l.ID(), "/home/ann/calc", io.LimitReader(src, 10), 100, 3)
		}},
		{"Resume refused, locked", func() {
			held := create(t, s)
			defer held.Close()
			s.Resume(held.ID(), testOptions)
		}},
		{"List", func() { s.List("", "", 10) }},
	}
	for _, way := range ways {
		before := openFiles(t)
		way.do()
		if after := openFiles(t); !slices.Equal(after, before) {
			t.Errorf("%s left open %d files it did not have before (see exercise 4 for a fork)", way.name, len(after)-len(before))
		}
	}
}

// openFiles lists the files this process has open.
func openFiles(t testing.TB) []string {
	t.Helper()
	entries, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		target, _ := os.Readlink(filepath.Join("/proc/self/fd", e.Name()))
		names = append(names, target)
	}
	slices.Sort(names)
	return names
}
