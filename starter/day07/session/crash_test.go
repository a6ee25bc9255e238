package session

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// long runs the long variants of the crash tests, as the lesson's figures
// were taken: go test -run Kill ./session -long. By default they run a
// few rounds, so that go test stays fast.
var long = flag.Bool("long", false, "run 200 kill rounds and 50 second processes")

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
		if info, err := os.Stat(s.logPath(id)); id == "" || err != nil || info.Size() > 2<<20 {
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
