package session

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
)

// damagedLog writes a session of 13 lines by hand and returns it, closed:
//
//	1 meta  2 system  3 user*  4 calls  5 tool_end  6 result  7 answer*
//	8 usage  9 user*  10 calls  11 tool_end  12 result  13 answer*
//
// (* marks a fork point). The last line ends in multi-byte characters.
func damagedLog(t testing.TB) (Store, *Log, []byte) {
	t.Helper()
	s := newTestStore(t)
	l := create(t, s)
	for _, d := range []Data{
		user("what does calc.go do"), calls("c1"), ToolEnd{ID: "c1", Name: "read_file", Outcome: OutcomeOK}, result("c1", "package calc"),
		answer("It divides."), Usage{100, 10, 110},
		user("run the tests"), calls("c2"), ToolEnd{ID: "c2", Name: "read_file", Outcome: OutcomeOK}, result("c2", "FAIL"),
		answer("TestDivide fails: é, 日本, 🙂"),
	} {
		mustAppend(t, l, d)
	}
	l.Close()
	return s, l, readFile(t, l.Path())
}

// lineStart returns the offset of line n (from 1) in data.
func lineStart(data []byte, n int) int {
	off := 0
	for range n - 1 {
		off += bytes.IndexByte(data[off:], '\n') + 1
	}
	return off
}

func TestResumeRepairsATornLastLine(t *testing.T) {
	s, l, full := damagedLog(t)
	last := lineStart(full, 13)
	cut := full[:len(full)-10]
	writeFile(t, l.Path(), cut)
	l2, rp, err := s.Resume(l.ID(), testOptions)
	if err != nil {
		t.Fatalf("Resume of a log whose last line is torn: %v", err)
	}
	defer l2.Close()
	if rp.Repaired == nil || rp.Repaired.Line != 13 || !errors.Is(rp.Repaired, ErrTorn) {
		t.Errorf("Repaired = %v, want line 13: cut short", rp.Repaired)
	}
	data := readFile(t, l.Path())
	if !bytes.Equal(data[:last], full[:last]) {
		t.Errorf("the repair changed the lines before the torn one (first difference at byte %d)", firstDiff(data, full))
	}
	evs := events(t, l.Path())
	if got := seqs(evs); got[11] != 12 || got[12] != 13 || len(got) != 14 {
		t.Errorf("seqs after the repair = %v; want 1…12, then 13 and 14 for the system prompt and the note", got)
	}
	if _, err := os.Stat(l.Path() + repairSuffix); !os.IsNotExist(err) {
		t.Errorf("the .repair file is still there: %v", err)
	}
}

// TestResumeRepairsATailOfZeros: a crash can leave a file longer than
// what was written to it, the rest zeros, on file systems that grow a
// file before they write its data. The zeros are a last line with no
// "\n", and are cut off like any torn line.
func TestResumeRepairsATailOfZeros(t *testing.T) {
	s, l, full := damagedLog(t)
	writeFile(t, l.Path(), append(bytes.Clone(full), make([]byte, 4096)...))
	l2, rp, err := s.Resume(l.ID(), testOptions)
	if err != nil {
		t.Fatalf("Resume of a log that ends in zeros: %v", err)
	}
	defer l2.Close()
	if rp.Repaired == nil || rp.Repaired.Line != 14 || !errors.Is(rp.Repaired, ErrTorn) {
		t.Errorf("Repaired = %v, want line 14, the zeros: cut short", rp.Repaired)
	}
	if data := readFile(t, l.Path()); !bytes.HasPrefix(data, full) || bytes.IndexByte(data, 0) >= 0 {
		t.Errorf("after the repair the log is not its lines before the zeros and what the resume added")
	}
}

func TestTheLastLineCutAtEveryOffset(t *testing.T) {
	s, l, full := damagedLog(t)
	last := lineStart(full, 13)
	for cut := last + 1; cut < len(full); cut++ {
		writeFile(t, l.Path(), full[:cut])
		evs, r := readAll(t, string(full[:cut]), 0)
		var lerr *LineError
		if !errors.As(r.Err(), &lerr) || lerr.Line != 13 || !errors.Is(lerr, ErrTorn) || len(evs) != 12 {
			t.Fatalf("cut at byte %d of %d: %d events, %v; want 12 events, then line 13: cut short", cut, len(full), len(evs), r.Err())
		}
		l2, rp, err := s.Resume(l.ID(), testOptions)
		if err != nil || rp.Repaired == nil || rp.Repaired.Line != 13 {
			t.Fatalf("cut at byte %d: Resume = %v, Repaired %v; want line 13 repaired", cut, err, rp.Repaired)
		}
		l2.Close()
		if data := readFile(t, l.Path()); !bytes.Equal(data[:last], full[:last]) {
			t.Fatalf("cut at byte %d: the repair changed byte %d before the torn line", cut, firstDiff(data, full))
		}
	}
	t.Logf("the last line (%d bytes, multi-byte characters at its end) cut at each of its %d inner offsets: every cut detected and repaired",
		len(full)-last, len(full)-last-1)
}

func TestResumeRemovesALeftoverRepair(t *testing.T) {
	s, l, full := damagedLog(t)
	leftover := l.Path() + repairSuffix
	writeFile(t, leftover, full[:100]) // a repair that a crash cut short
	l2, _, err := s.Resume(l.ID(), testOptions)
	if err != nil {
		t.Fatal(err)
	}
	l2.Close()
	if _, err := os.Stat(leftover); !os.IsNotExist(err) {
		t.Errorf("the leftover %s is still there: %v", leftover, err)
	}
}

func TestResumeRefusesADamagedLog(t *testing.T) {
	tests := []struct {
		name   string
		damage func(data []byte) []byte
		line   int
		want   error
		forkAt int64
	}{
		{"a byte flipped", func(d []byte) []byte { d[lineStart(d, 6)] ^= 0x20; return d }, 6, ErrNotJSON, 3},
		{"seqs swapped", swapSeqs, 10, ErrBadSeq, 9},
		{"two logs one after the other", func(d []byte) []byte { return append(d, d...) }, 14, ErrBadSeq, 13},
		{"a line of 17 MiB", func(d []byte) []byte {
			at := lineStart(d, 8)
			long := msgLine(8, "user", strings.Repeat("x", 17<<20))
			return append(append(d[:at:at], long...), d[at:]...)
		}, 8, ErrTooLong, 7},
		{"invalid UTF-8", func(d []byte) []byte { return bytes.Replace(d, []byte("divides"), []byte("div\xffdes"), 1) }, 7, ErrBadUTF8, 3},
		{"a middle line cut short", func(d []byte) []byte {
			at, end := lineStart(d, 4)+20, lineStart(d, 5)-1
			return append(d[:at:at], d[end:]...)
		}, 4, ErrNotJSON, 3},
		{"a bad last line that ends in a newline", func(d []byte) []byte { return append(d, "{\"seq\":14\n"...) }, 14, ErrNotJSON, 13},
		{"a last seq of the largest int64", func(d []byte) []byte {
			return append(d, line(9223372036854775807, "usage", `"input_tokens":1`)...)
		}, 14, ErrBadSeq, 13},
		{"a torn last line after a bad one", func(d []byte) []byte { return append(append(d, "garbage\n"...), `{"seq":15,`...) }, 14, ErrNotJSON, 13},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s, l, full := damagedLog(t)
			data := tt.damage(bytes.Clone(full))
			writeFile(t, l.Path(), data)
			_, _, err := s.Resume(l.ID(), testOptions)
			var damaged *DamagedError
			if !errors.As(err, &damaged) || damaged.Err.Line != tt.line || !errors.Is(err, tt.want) || damaged.ForkAt != tt.forkAt {
				t.Fatalf("Resume = %v; want a *DamagedError at line %d: %v, fork point %d", err, tt.line, tt.want, tt.forkAt)
			}
			sameFile(t, l.Path(), data)
			if _, err := os.Stat(l.Path() + repairSuffix); !os.IsNotExist(err) {
				t.Errorf("a refused resume left %s%s", l.Path(), repairSuffix)
			}
			lk, err := lockOf(s, l.ID())
			if err != nil {
				t.Fatalf("a refused resume kept the lock: %v", err)
			}
			lk.release()
		})
	}
}

// swapSeqs swaps the seqs of lines 10 and 11.
func swapSeqs(d []byte) []byte {
	s := string(d)
	s = strings.Replace(s, `{"seq":10,`, `{"seq":XX,`, 1)
	s = strings.Replace(s, `{"seq":11,`, `{"seq":10,`, 1)
	return []byte(strings.Replace(s, `{"seq":XX,`, `{"seq":11,`, 1))
}

func TestDamagedErrorText(t *testing.T) {
	err := &DamagedError{ID: "s-20260907-100000-k3x9", Err: &LineError{Path: "s.jsonl", Line: 41, Err: ErrBadSeq}, ForkAt: 38}
	want := "session s-20260907-100000-k3x9 is damaged: s.jsonl:41: seq is not one more than the last; its last fork point before that is s-20260907-100000-k3x9@38"
	if err.Error() != want {
		t.Errorf("Error() =\n%s\nwant\n%s", err, want)
	}
}

// TestResumeRefusesALogWithoutMeta refuses a log that has no meta line
// before its end, or before a torn line, and leaves it as it was: cutting
// off a tear that leaves nothing would lose the bytes for nothing.
func TestResumeRefusesALogWithoutMeta(t *testing.T) {
	for _, data := range []string{"", "\n\n", metaLine()[:30]} {
		s, l, _ := damagedLog(t)
		writeFile(t, l.Path(), []byte(data))
		if _, _, err := s.Resume(l.ID(), testOptions); !errors.Is(err, ErrNoMeta) {
			t.Errorf("Resume of a log holding %q = %v, want ErrNoMeta", data, err)
		}
		sameFile(t, l.Path(), []byte(data))
	}
}
