package session

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// long runs the long variants of the crash tests, as the lesson's figures
// were taken: go test -run Kill ./session -long. By default they run a
// few rounds, so that go test stays fast.
var long = flag.Bool("long", false, "run 200 kill rounds, 200 forks killed and 50 second processes")

// TestKillAtRandomMoments kills a process that appends as fast as it can,
// with kill -9, at random moments, and checks that every event it said
// it had appended is in the log, and that the log loads, its torn last
// line repaired when it has one. A round goes on with the last round's
// session, so repairs and resumes follow one another, until the log
// passes 2 MiB and a new session starts.
func TestKillAtRandomMoments(t *testing.T) {
	rounds := 5
	switch {
	case *long:
		rounds = 200
	case testing.Short():
		rounds = 2
	}
	s := newTestStore(t)
	var id string
	var reported, lost, repairs int
	for round := range rounds {
		if id == "" || fileSize(t, logOf(t, s, id)) > 2<<20 {
			l := create(t, s)
			id = l.ID()
			l.Close()
		}
		said := killRun(t, s, id, 1+rand.IntN(40))
		l, rp, err := s.Resume(id, testOptions)
		if err != nil {
			t.Fatalf("round %d: the killed process's log does not load: %v", round, err)
		}
		l.Close()
		if rp.Repaired != nil {
			repairs++
		}
		have := map[int64]bool{}
		for i, ev := range events(t, l.Path()) {
			if ev.Seq != int64(i+1) {
				t.Fatalf("round %d: event %d has seq %d; want seqs 1, 2, 3 … with no gap", round, i+1, ev.Seq)
			}
			have[ev.Seq] = true
		}
		for _, seq := range said {
			if !have[seq] {
				lost++
				t.Errorf("round %d: the process reported event %d appended, and the log does not hold it", round, seq)
			}
		}
		reported += len(said)
	}
	t.Logf("kill -9: %d rounds, %d events reported, %d lost, %d torn last lines repaired", rounds, reported, lost, repairs)
}

// killRun runs the append helper on session id, kills it once it has
// reported n events, and returns the seqs of every event it reported
// before it died.
func killRun(t testing.TB, s Store, id string, n int) []int64 {
	t.Helper()
	cmd := helper(t, "append", s, id)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var said []int64
	for line := range lines(out) {
		seq, err := strconv.ParseInt(line, 10, 64)
		if err != nil {
			t.Fatalf("the helper said %q, want a seq", line)
		}
		said = append(said, seq)
		if len(said) == n {
			cmd.Process.Kill() // SIGKILL on unix: no chance to finish a write
		}
	}
	if err := cmd.Wait(); err == nil || !strings.Contains(err.Error(), "killed") && !strings.Contains(err.Error(), "exit status 1") {
		t.Fatalf("the append helper ended with %v, want it killed", err)
	}
	return said
}

// TestTwoProcessesOnOneSession starts a process that holds a session and
// appends to it, then other processes that try to resume it, ten for each
// holder: every one is refused, with the session and the holder's pid,
// and the log reads clean, so no line of theirs ever mixed with the
// holder's.
func TestTwoProcessesOnOneSession(t *testing.T) {
	attempts := 10
	switch {
	case *long:
		attempts = 50
	case testing.Short():
		attempts = 3
	}
	s := newTestStore(t)
	l := create(t, s)
	id := l.ID()
	l.Close()
	for round := 0; round < attempts; round += 10 {
		holder, said, stop := startHolder(t, s, id)
		pid := fmt.Sprintf("process %d", holder.Process.Pid)
		for attempt := round; attempt < round+10; attempt++ {
			msg, err := helper(t, "resume", s, id).Output()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() != 3 || !strings.Contains(string(msg), id) || !strings.Contains(string(msg), pid) {
				t.Errorf("attempt %d: the second process got %v: %s; want it refused, naming %s and %s", attempt+1, err, msg, id, pid)
			}
		}
		stop.Close()
		for range said {
		}
		if err := holder.Wait(); err != nil {
			t.Fatalf("the holder ended with %v", err)
		}
		for i, ev := range events(t, l.Path()) {
			if ev.Seq != int64(i+1) {
				t.Fatalf("event %d has seq %d; two writers mixed their lines", i+1, ev.Seq)
			}
		}
	}
}

// startHolder starts the hold helper on session id and waits until it
// holds the session. Closing stop lets it finish.
func startHolder(t testing.TB, s Store, id string) (*exec.Cmd, <-chan string, io.Closer) {
	t.Helper()
	holder := helper(t, "hold", s, id)
	stop, err := holder.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := holder.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := holder.Start(); err != nil {
		t.Fatal(err)
	}
	said := lines(out)
	if first := <-said; first != "holding" {
		t.Fatalf("the holder said %q, want \"holding\"", first)
	}
	return holder, said, stop
}

// TestKillDuringFork forks a 1 MiB session again and again in another
// process, and kills it with kill -9 at a random moment of a fork, round
// after round. Whatever the moment, no half-made fork is ever a session:
// every log under a session's name is the parent or a whole fork, its
// copy byte for byte and then its fork event; the listing and --resume
// see nothing else; and what a kill left half made is removed by the next
// session made.
func TestKillDuringFork(t *testing.T) {
	rounds := 5
	switch {
	case *long:
		rounds = 200
	case testing.Short():
		rounds = 2
	}
	s, parent, data := bigParent(t, 1<<20)
	var whole, halves int
	last := 10 * time.Millisecond // a fork's time, as the helper last reported it
	for round := range rounds {
		forked, took := killFork(t, s, parent, rand.IntN(3), last)
		if took > 0 {
			last = took
		}
		whole += len(forked)
		halves += checkForks(t, round, s, parent, data)
		create(t, s).Close() // a new session removes what the kill left half made
		logs, _ := filepath.Glob(filepath.Join(s.newDir(), "*"))
		if len(logs) > 0 {
			t.Fatalf("round %d: after a new session, the half-made logs %q are still there", round, logs)
		}
		removeAllBut(t, s, parent)
	}
	t.Logf("kill -9 during fork: %d rounds, %d forks made whole before a kill, %d half-made left by one, none listed", rounds, whole, halves)
}

// killFork runs the fork helper on session parent, lets it make n forks,
// then kills it at a random moment of the next one, as long as last, and
// returns the ids it reported and how long its last fork took.
func killFork(t *testing.T, s Store, parent string, n int, last time.Duration) ([]string, time.Duration) {
	t.Helper()
	cmd := helper(t, "fork", s, parent)
	size, err := os.Stat(logOf(t, s, parent))
	if err != nil {
		t.Fatal(err)
	}
	cmd.Env = append(cmd.Env, "PLY_SESSION_AT=3", fmt.Sprint("PLY_SESSION_SIZE=", size.Size()))
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// The moment of the kill is the experiment, not a wait for anything:
	// a random point in a fork's time after the n-th fork has returned.
	kill := func() { time.AfterFunc(time.Duration(rand.Int64N(int64(last)+1)), func() { cmd.Process.Kill() }) }
	if n == 0 {
		kill()
	}
	var ids []string
	var took time.Duration
	for line := range lines(out) {
		id, us, _ := strings.Cut(line, " ")
		ids = append(ids, id)
		if v, err := strconv.ParseInt(us, 10, 64); err == nil {
			took = time.Duration(v) * time.Microsecond
		}
		if len(ids) == n {
			kill()
		}
	}
	if err := cmd.Wait(); err == nil || !strings.Contains(err.Error(), "killed") {
		t.Fatalf("the fork helper ended with %v, want it killed", err)
	}
	return ids, took
}

// checkForks checks every log of s but the parent's: each is a whole
// fork, the parent's bytes and then its fork event at seq 4, and only
// those are listed and resumable. It returns how many half-made logs
// there are.
func checkForks(t *testing.T, round int, s Store, parent string, data []byte) int {
	t.Helper()
	logs, _ := filepath.Glob(filepath.Join(s.Dir, "*.jsonl"))
	for _, path := range logs {
		if path == logOf(t, s, parent) {
			continue
		}
		got := readFile(t, path)
		next, _, _ := bytes.Cut(got[min(len(data), len(got)):], newline)
		ev, err := decode(next)
		if !bytes.HasPrefix(got, data) || err != nil || ev.Seq != 4 || ev.Data != (Fork{From: parent, AtSeq: 3}) {
			t.Fatalf("round %d: %s is under a session's name, and it is not a whole fork: %d bytes, the parent's %d, then %q", round, filepath.Base(path), len(got), len(data), next)
		}
	}
	list, err := s.List("", "", 1000)
	if err != nil || len(list) != len(logs) {
		t.Fatalf("round %d: List = %d sessions, %v; want the %d whole ones", round, len(list), err, len(logs))
	}
	latest, err := s.Latest("/home/ann/calc")
	if err != nil {
		t.Fatalf("round %d: Latest: %v", round, err)
	}
	if latest != parent { // resuming the parent would change the bytes the next forks copy
		l, _, err := s.Resume(latest, testOptions)
		if err != nil {
			t.Fatalf("round %d: --resume of %s: %v", round, latest, err)
		}
		l.Close()
	}
	halves, _ := filepath.Glob(filepath.Join(s.newDir(), "*"))
	return len(halves)
}

// removeAllBut removes every session of s but keep, so that the folder
// stays small round after round.
func removeAllBut(t *testing.T, s Store, keep string) {
	t.Helper()
	logs, _ := filepath.Glob(filepath.Join(s.Dir, "*.jsonl"))
	for _, path := range logs {
		if path != logOf(t, s, keep) {
			if err := os.Remove(path); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestOneWriterWhateverHappensToThePIDFile starts a process that holds a
// session and appends to it, then removes the pid file beside the log,
// replaces it with another file, and with a link: after each, a second
// process is still refused, and the log reads clean. The lock is on the
// log itself; the pid file is only what the refusal quotes.
func TestOneWriterWhateverHappensToThePIDFile(t *testing.T) {
	s := newTestStore(t)
	l := create(t, s)
	id := l.ID()
	l.Close()
	holder, said, stop := startHolder(t, s, id)
	pidPath := s.pidPath(id)
	changes := []struct {
		name string
		do   func() error
	}{
		{"removed", func() error { return os.Remove(pidPath) }},
		{"replaced by another file", func() error { return os.WriteFile(pidPath, []byte("1\n"), 0o600) }},
		{"replaced by a link", func() error {
			os.Remove(pidPath)
			return os.Symlink(filepath.Join(t.TempDir(), "elsewhere"), pidPath)
		}},
	}
	for _, c := range changes {
		if err := c.do(); err != nil {
			t.Skipf("%s: %v", c.name, err)
		}
		msg, err := helper(t, "resume", s, id).Output()
		var exit *exec.ExitError
		if !errors.As(err, &exit) || exit.ExitCode() != 3 || !strings.Contains(string(msg), id) {
			t.Errorf("pid file %s: the second process got %v: %s; want it refused, naming %s", c.name, err, msg, id)
		}
	}
	stop.Close()
	for range said {
	}
	if err := holder.Wait(); err != nil {
		t.Fatalf("the holder ended with %v", err)
	}
	for i, ev := range events(t, l.Path()) {
		if ev.Seq != int64(i+1) {
			t.Fatalf("event %d has seq %d; two writers mixed their lines", i+1, ev.Seq)
		}
	}
}
