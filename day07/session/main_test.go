package session

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// The test binary doubles as the other processes the tests need: with
// PLY_SESSION_HELPER set, it runs that helper instead of the tests.
const helperEnv = "PLY_SESSION_HELPER"

func TestMain(m *testing.M) {
	helpers := map[string]func() int{
		"append":   helperAppend,
		"fills":    helperFills,
		"fork":     helperFork,
		"fulldisk": helperFullDisk,
		"hold":     helperHold,
		"peak":     helperPeak,
		"resume":   helperResume,
		"start":    helperStart,
	}
	name := os.Getenv(helperEnv)
	if name == "" {
		code := m.Run()
		removeBenchLogs()
		os.Exit(code)
	}
	helper, ok := helpers[name]
	if !ok {
		fmt.Fprintf(os.Stderr, "no helper %q\n", name)
		os.Exit(2)
	}
	os.Exit(helper())
}

// helperStore is the store and session a helper works on, from
// PLY_SESSION_DIR and PLY_SESSION_ID.
func helperStore() (Store, string) {
	return Store{Dir: os.Getenv("PLY_SESSION_DIR")}, os.Getenv("PLY_SESSION_ID")
}

// helperAppend resumes the session and appends events as fast as it can,
// for ever, writing each event's seq to stdout once Append has returned.
// One event in eight is big, so that a kill often lands inside a write.
func helperAppend() int {
	s, id := helperStore()
	l, _, err := s.Resume(id, testOptions)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	big := strings.Repeat("0123456789abcdef", 64<<10) // 1 MiB
	for i := 0; ; i++ {
		text := fmt.Sprintf("event %d é 日本", i)
		if rand.IntN(8) == 0 {
			text += big[:rand.IntN(len(big))]
		}
		ev, err := l.Append(result(fmt.Sprint("call_", i), text))
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		fmt.Printf("%d\n", ev.Seq)
	}
}

// helperFork forks the session at PLY_SESSION_AT, whose lines up to it
// take PLY_SESSION_SIZE bytes, again and again, for ever, writing each
// fork's id and how long it took, in microseconds, to stdout once it is
// made. It does what Fork does once the point is judged (forkLog, then
// greet), so that its time is the time of the writing, where a kill can
// do harm, and not of the reading.
func helperFork() int {
	s, id := helperStore()
	at, err := strconv.ParseInt(os.Getenv("PLY_SESSION_AT"), 10, 64)
	size, serr := strconv.ParseInt(os.Getenv("PLY_SESSION_SIZE"), 10, 64)
	path, ferr := s.find(id)
	src, oerr := os.Open(path)
	if err = errors.Join(err, serr, ferr, oerr); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	for {
		start := time.Now()
		_, err := src.Seek(0, io.SeekStart)
		var l *Log
		if err == nil {
			l, err = s.forkLog(id, "/home/ann/calc", src, size, at)
		}
		if err == nil {
			err = l.greet(NewReplay(testSystem, testCompact), testOptions, "[forked]")
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
		l.Close()
		fmt.Printf("%s %d\n", l.ID(), time.Since(start).Microseconds())
	}
}

// helperHold resumes the session, appends a few events, says "holding"
// on stdout, and appends more until its stdin closes or it has written a
// thousand, so that the log stays small round after round.
func helperHold() int {
	s, id := helperStore()
	l, _, err := s.Resume(id, testOptions)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer l.Close()
	done := make(chan struct{})
	go func() {
		io.Copy(io.Discard, os.Stdin) // returns when the test closes our stdin
		close(done)
	}()
	for i := range 1000 {
		if i == 10 {
			fmt.Println("holding")
		}
		select {
		case <-done:
			return 0
		default:
		}
		if _, err := l.Append(user("the holder writes")); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	<-done
	return 0
}

// helperResume tries to resume the session once: exit status 0 when it
// could, 3 when the session is locked, with the error on stdout.
func helperResume() int {
	s, id := helperStore()
	l, _, err := s.Resume(id, testOptions)
	var locked *LockedError
	switch {
	case errors.As(err, &locked):
		fmt.Println(err)
		return 3
	case err != nil:
		fmt.Println(err)
		return 1
	}
	l.Close()
	return 0
}

// helper returns a command that runs the named helper on session id of s.
func helper(t testing.TB, name string, s Store, id string) *exec.Cmd {
	t.Helper()
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe)
	cmd.Env = append(os.Environ(), helperEnv+"="+name, "PLY_SESSION_DIR="+s.Dir, "PLY_SESSION_ID="+id)
	cmd.Stderr = os.Stderr
	return cmd
}

// lines reads r's lines into a channel, which closes at the end.
func lines(r io.Reader) <-chan string {
	ch := make(chan string)
	go func() {
		defer close(ch)
		sc := bufio.NewScanner(r)
		for sc.Scan() {
			ch <- sc.Text()
		}
	}()
	return ch
}
