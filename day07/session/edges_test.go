package session

import (
	"os"
	"path/filepath"
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

// TestForkLeavesNothingWhenItFails checks that a fork that fails half-way
// removes the log it had begun: no session is left that holds half a
// copy, or a copy without its fork event.
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
		{"the copy fails: the parent is shorter than the prefix", l.ID(), info.Size() + 100},
		{"the fork event fails: it is longer than a line may be", strings.Repeat("x", 17<<20), info.Size()},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if _, err := s.forkLog(tt.parent, l.Path(), tt.size, 3); err == nil {
				t.Fatal("forkLog succeeded; want an error")
			}
			logs, _ := filepath.Glob(filepath.Join(s.Dir, "*.jsonl"))
			if len(logs) != 1 {
				t.Errorf("after a failed fork the store holds %d logs, want only the parent's (see exercise 4: l.discard)", len(logs))
			}
		})
	}
}
