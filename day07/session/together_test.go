package session

import (
	"fmt"
	"os/exec"
	"strings"
	"sync"
	"testing"
)

// TestPlysStartedTogether starts sessions and forks at the same moment,
// in goroutines that do what as many plys would: each new log is made
// while the others clean up the folder of new logs, and none may take
// another's new log for a leftover. Every one must start.
func TestPlysStartedTogether(t *testing.T) {
	rounds, plys := 30, 8
	switch {
	case *long:
		rounds = 300
	case testing.Short():
		rounds = 5
	}
	s := newTestStore(t)
	parent := create(t, s)
	mustAppend(t, parent, user("fork after me"))
	parent.Close()
	failed := 0
	for round := range rounds {
		var wg sync.WaitGroup
		errs := make(chan error, plys)
		start := make(chan struct{})
		for i := range plys {
			wg.Go(func() {
				<-start
				var l *Log
				var err error
				if i%2 == 0 {
					l, err = s.Create(Meta{Model: "scripted", Cwd: "/home/ann/calc", Agent: "ply test"}, testSystem, nil)
				} else {
					l, _, err = s.Fork(parent.ID(), 3, testOptions)
				}
				if err != nil {
					errs <- err
					return
				}
				l.Close()
			})
		}
		close(start)
		wg.Wait()
		close(errs)
		for err := range errs {
			failed++
			t.Errorf("round %d: a ply started with %d others did not: %v", round, plys-1, err)
		}
	}
	t.Logf("%d rounds of %d sessions and forks started at once: %d failed", rounds, plys, failed)
	if names := folderNames(t, s); countPrefix(names, "new/") > 0 {
		t.Errorf("the folder of new logs still holds %v once every ply has its session", names)
	}
}

// TestPlysStartedTogetherInProcesses starts plys as processes at the same
// moment, each making a session and a fork, so that the cleaning of one
// runs against the making of another in separate processes too.
func TestPlysStartedTogetherInProcesses(t *testing.T) {
	rounds, plys := 3, 6
	switch {
	case *long:
		rounds = 50
	case testing.Short():
		rounds = 1
	}
	s := newTestStore(t)
	parent := create(t, s)
	mustAppend(t, parent, user("fork after me"))
	parent.Close()
	for round := range rounds {
		var cmds []*exec.Cmd
		var outs []*strings.Builder
		for range plys {
			cmd := helper(t, "start", s, parent.ID())
			out := &strings.Builder{}
			cmd.Stdout, cmd.Stderr = out, out
			if err := cmd.Start(); err != nil {
				t.Fatal(err)
			}
			cmds, outs = append(cmds, cmd), append(outs, out)
		}
		for i, cmd := range cmds {
			if err := cmd.Wait(); err != nil {
				t.Errorf("round %d: a ply started with %d others did not: %v\n%s", round, plys-1, err, outs[i])
			}
		}
	}
}

// helperStart makes a new session and a fork of the session it is given,
// as a ply that starts does, and says why when it cannot.
func helperStart() int {
	s, id := helperStore()
	for range 5 {
		l, err := s.Create(Meta{Model: "scripted", Cwd: "/home/ann/calc", Agent: "ply test"}, testSystem, nil)
		if err == nil {
			l.Close()
			l, _, err = s.Fork(id, 3, testOptions)
		}
		if err != nil {
			fmt.Println(err)
			return 1
		}
		l.Close()
	}
	return 0
}

// countPrefix counts the names that begin with prefix.
func countPrefix(names []string, prefix string) int {
	n := 0
	for _, name := range names {
		if strings.HasPrefix(name, prefix) {
			n++
		}
	}
	return n
}
