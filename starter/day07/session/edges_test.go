package session

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// replayOf replays msgs as events 1, 2, 3 … and finishes.
func replayOf(msgs ...Message) *Replay {
	rp := NewReplay("prompt", testCompact)
	for i, m := range msgs {
		rp.Apply(Event{Seq: int64(i + 1), Data: m})
	}
	rp.Finish()
	return rp
}

// TestReplayDropsACutRoundOfOneCall checks that a round of a single call
// is a round too: cut before its result, it is dropped.
func TestReplayDropsACutRoundOfOneCall(t *testing.T) {
	rp := replayOf(user("hi"), calls("c1"))
	if len(rp.Window) != 2 || rp.Dropped != 1 {
		t.Errorf("a log ending in one unanswered call rebuilds %d messages with %d dropped; want 2 (the prompt and the user's) and 1 (see exercise 3)", len(rp.Window), rp.Dropped)
	}
}

// TestReplayKeepsAToolMessageThatAnswersNothing checks that a tool
// message that comes when no call waits changes nothing about rounds:
// the messages after it are kept as they are.
func TestReplayKeepsAToolMessageThatAnswersNothing(t *testing.T) {
	rp := replayOf(user("hi"), answer("hello"), result("zz", "stray"), user("next"), answer("ok"))
	if len(rp.Window) != 6 || rp.Dropped != 0 {
		t.Errorf("a stray tool message left a window of %d messages with %d dropped; want 6 and 0 (see exercise 3)", len(rp.Window), rp.Dropped)
	}
}

// TestReplayEndsACutRoundAtAnyMessage gives a cut round an answer of the
// assistant's, and then the user's next question: whatever is not an
// answer to the round's calls ends it, the answer included, so the round
// is dropped then and the answer kept.
func TestReplayEndsACutRoundAtAnyMessage(t *testing.T) {
	rp := replayOf(user("hi"), calls("c1", "c2"), result("c1", "x"), answer("it divides"), user("and now?"))
	want := []string{"prompt", "hi", "it divides", "and now?"}
	var got []string
	for _, m := range rp.Window {
		got = append(got, m.Content)
	}
	if !slices.Equal(got, want) || rp.Dropped != 2 {
		t.Errorf("replay of a cut round, an answer and a question = %q with %d dropped; want %q and 2: the answer ends the round (see exercise 3, Replay.add)", got, rp.Dropped, want)
	}
	callsAnswered(t, rp.Window)
}

// TestForkLeavesNothingWhenItFails checks that a fork that fails half-way
// leaves nothing of the log it had begun: no session that holds half a
// copy, or a copy without its fork event, and no file of its own at all.
func TestForkLeavesNothingWhenItFails(t *testing.T) {
	s := newTestStore(t)
	l := create(t, s)
	mustAppend(t, l, user("hi"))
	l.Close()
	info, err := os.Stat(l.Path())
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name   string
		parent string
		size   int64
	}{
		{"the copy fails", l.ID(), info.Size() + 100},                      // the parent is shorter than the prefix
		{"the fork event fails", strings.Repeat("x", 17<<20), info.Size()}, // it is longer than a line may be
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src, err := os.Open(l.Path())
			if err != nil {
				t.Fatal(err)
			}
			defer src.Close()
			if _, err := s.forkLog(tt.parent, "/home/ann/calc", src, tt.size, 3); err == nil {
				t.Fatal("forkLog succeeded; want an error")
			}
			if got := folderNames(t, s); !slices.Equal(got, []string{filepath.Base(l.Path())}) {
				t.Errorf("after a failed fork the sessions folder holds %q, want only the parent's log (see exercise 4: nothing of a failed fork is left)", got)
			}
		})
	}
}
