package session

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// makeSessions makes n sessions in s begun in cwd, each with one question
// and answer, and sets their times one minute apart from base, in order.
func makeSessions(t testing.TB, s Store, n int, cwd string, base time.Time) []string {
	t.Helper()
	var ids []string
	for i := range n {
		l, err := s.Create(Meta{Model: "scripted", Cwd: cwd, Agent: "ply test"}, testSystem, nil)
		if err != nil {
			t.Fatal(err)
		}
		mustAppend(t, l, user(fmt.Sprintf("question %d\nin two lines", i)))
		mustAppend(t, l, answer("answer"))
		l.Close()
		when := base.Add(time.Duration(i) * time.Minute)
		if err := os.Chtimes(l.Path(), when, when); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, l.ID())
	}
	return ids
}

var base = time.Date(2026, 9, 7, 10, 0, 0, 0, time.UTC)

func TestListNewestFirst(t *testing.T) {
	s := newTestStore(t)
	ids := makeSessions(t, s, 12, "/home/ann/calc", base)
	list, err := s.List("", ids[9], 10)
	if err != nil || len(list) != 10 {
		t.Fatalf("List = %d sessions, %v; want 10", len(list), err)
	}
	for i, sum := range list {
		n := 11 - i
		want := Summary{ID: ids[n], Used: base.Add(time.Duration(n) * time.Minute), Messages: 2,
			Preview: fmt.Sprintf("question %d\nin two lines", n), Cwd: "/home/ann/calc", Current: n == 9}
		if !sum.Used.Equal(want.Used) || sum.ID != want.ID || sum.Messages != 2 || sum.Preview != want.Preview || sum.Current != want.Current || sum.Err != nil {
			t.Errorf("List()[%d] = %+v, want %+v", i, sum, want)
		}
	}
}

func TestListOfOneDirectory(t *testing.T) {
	s := newTestStore(t)
	here := makeSessions(t, s, 3, "/home/ann/calc", base)
	makeSessions(t, s, 3, "/home/ann/other", base.Add(time.Hour))
	list, err := s.List("/home/ann/calc", "", 10)
	if err != nil || len(list) != 3 || list[0].ID != here[2] {
		t.Errorf("List(/home/ann/calc) = %+v, %v; want its 3 sessions, newest first", list, err)
	}
	if id, err := s.Latest("/home/ann/calc"); id != here[2] || err != nil {
		t.Errorf("Latest = %q, %v; want %s", id, err, here[2])
	}
	if _, err := s.Latest("/nowhere"); !errors.Is(err, ErrNoSession) {
		t.Errorf("Latest of a directory with no session = %v, want ErrNoSession", err)
	}
}

func TestListLeavesOutEmptySessionsButTheCurrent(t *testing.T) {
	s := newTestStore(t)
	makeSessions(t, s, 2, "/home/ann/calc", base)
	empty := create(t, s)
	empty.Close()
	current := create(t, s)
	defer current.Close()
	list, _ := s.List("", current.ID(), 10)
	if len(list) != 3 || list[0].ID != current.ID() || !list[0].Current {
		t.Errorf("List = %+v; want the current empty session marked, the other empty one left out", list)
	}
}

func TestListShowsADamagedLog(t *testing.T) {
	s, l, full := damagedLog(t)
	writeFile(t, l.Path(), append(full[:lineStart(full, 8)], "garbage\n"...))
	list, err := s.List("", "", 10)
	if err != nil || len(list) != 1 || list[0].Messages != 4 || !errors.Is(list[0].Err, ErrNotJSON) {
		t.Errorf("List = %+v, %v; want the session, its 4 messages before line 8, and the error", list, err)
	}
}

// TestListPassesOverNoDamagedSession damages the newest session of a
// directory before its first message, and puts beside it a log whose meta
// line cannot be read and whose name says nothing of its directory: both
// are listed, marked, the second in every directory's list since it may
// be any directory's; and Latest, what --resume takes, is the damaged
// newest, not an older one.
func TestListPassesOverNoDamagedSession(t *testing.T) {
	s := newTestStore(t)
	older := makeSessions(t, s, 2, "/home/ann/calc", base)
	damaged := makeSessions(t, s, 1, "/home/ann/calc", base.Add(time.Hour))[0]
	noMeta := "s-20260101-000000-nome"
	writeFile(t, logOf(t, s, damaged), []byte(metaLine()+"garbage\n"+msgLine(3, "user", "never read")))
	writeFile(t, s.logPath(noMeta), []byte("{\"seq\":1,\n"))
	for i, id := range []string{damaged, noMeta} {
		when := base.Add(time.Duration(i+1) * time.Hour)
		if err := os.Chtimes(logOf(t, s, id), when, when); err != nil {
			t.Fatal(err)
		}
	}
	list, err := s.List("/home/ann/calc", "", 10)
	if err != nil || len(list) != 4 || list[0].ID != noMeta || list[1].ID != damaged || list[1].Err == nil || list[2].ID != older[1] {
		t.Fatalf("List = %+v, %v; want the log with no readable meta, the damaged one, marked, then the two older", list, err)
	}
	if list, _ := s.List("/elsewhere", "", 10); len(list) != 1 || list[0].ID != noMeta || !errors.Is(list[0].Err, ErrNotJSON) {
		t.Errorf("List(/elsewhere) = %+v; want only the log whose directory cannot be read, marked", list)
	}
	writeFile(t, s.logPath(noMeta), nil)
	if list, _ := s.List("/elsewhere", "", 10); len(list) != 1 || !errors.Is(list[0].Err, ErrNoMeta) {
		t.Errorf("List(/elsewhere) with an empty log = %+v; want it listed, marked: an empty file is no session", list)
	}
	os.Remove(s.logPath(noMeta))
	if id, err := s.Latest("/home/ann/calc"); id != damaged || err != nil {
		t.Errorf("Latest = %q, %v; want the damaged newest session, %s, for Resume to refuse by name", id, err, damaged)
	}
}

// TestListShowsALinkMarked puts a link where a session's log would be:
// it is listed, marked with what it points to, not hidden.
func TestListShowsALinkMarked(t *testing.T) {
	s := newTestStore(t)
	makeSessions(t, s, 1, "/home/ann/calc", base)
	target, _ := outside(t, s)
	id := "s-20990101-000000-abcd"
	link(t, target, s.logPath(id))
	list, err := s.List("/home/ann/calc", "", 10)
	if err != nil || len(list) != 2 || list[0].ID != id || !errors.Is(list[0].Err, ErrLink) || !strings.Contains(list[0].Err.Error(), target) {
		t.Errorf("List = %+v, %v; want the link first, marked with what it points to, then the session", list, err)
	}
}

func TestListWithNoSessionsYet(t *testing.T) {
	s := newTestStore(t)
	if list, err := s.List("", "", 10); list != nil || err != nil {
		t.Errorf("List of a store never used = %v, %v; want nothing and no error", list, err)
	}
}

func TestListIgnoresWhatIsNotALog(t *testing.T) {
	s := newTestStore(t)
	ids := makeSessions(t, s, 1, "/home/ann/calc", base)
	for _, name := range []string{"notes.txt", "s-bad.jsonl", ids[0] + ".jsonl.repair", ids[0] + ".pid"} {
		writeFile(t, s.Dir+"/"+name, []byte(metaLine()+msgLine(2, "user", "x")))
	}
	if list, _ := s.List("", "", 10); len(list) != 1 {
		t.Errorf("List = %+v; want only the one log", list)
	}
}

// TestListReadsOnlyWhatItShows counts the bytes this process reads while
// it lists, from /proc/self/io: the 10 logs it shows are small, and the
// 20 older ones are big.
func TestListReadsOnlyWhatItShows(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("counting the bytes read needs /proc/self/io")
	}
	s := newTestStore(t)
	old := makeSessions(t, s, 20, "/home/ann/calc", base)
	for _, id := range old {
		f, err := os.OpenFile(logOf(t, s, id), os.O_WRONLY|os.O_APPEND, 0)
		if err != nil {
			t.Fatal(err)
		}
		fmt.Fprint(f, msgLine(5, "assistant", strings.Repeat("x", 1<<20)))
		f.Close()
		os.Chtimes(logOf(t, s, id), base, base)
	}
	makeSessions(t, s, 10, "/home/ann/calc", base.Add(time.Hour))
	before := bytesRead(t)
	if list, err := s.List("", "", 10); len(list) != 10 || err != nil {
		t.Fatalf("List = %d, %v", len(list), err)
	}
	if read := bytesRead(t) - before; read > 1<<20 {
		t.Errorf("List read %d bytes; the ten logs it shows hold a few kilobytes and the twenty it passes over 20 MiB", read)
	}
}

// bytesRead returns how many bytes this process has read so far.
func bytesRead(t testing.TB) int64 {
	f, err := os.Open("/proc/self/io")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if n, ok := strings.CutPrefix(sc.Text(), "rchar: "); ok {
			v, _ := strconv.ParseInt(n, 10, 64)
			return v
		}
	}
	t.Skip("no rchar in /proc/self/io")
	return 0
}
