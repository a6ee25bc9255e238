package session

import (
	"bytes"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"ply/day07/agent"
	"ply/day07/llm"
)

// testOptions is how the tests rebuild windows.
var testOptions = ReplayOptions{System: testSystem, Compact: testCompact, Cwd: "/home/ann/calc"}

// live plays the agent's side of a session: every change to its window
// goes to the log too, in one place, as the agent's add does.
type live struct {
	t      testing.TB
	log    *Log
	window []llm.Message
	grants []string
}

func newLive(t testing.TB, l *Log) *live {
	return &live{t: t, log: l, window: []llm.Message{{Role: llm.RoleSystem, Content: testSystem}}}
}

// add puts a message in the window and the log.
func (a *live) add(m Message) {
	a.window = append(a.window, m.Message)
	mustAppend(a.t, a.log, m)
}

// turn is one whole turn: the question, rounds of one or two tool calls
// with their tool_end and results, the answer and the usage.
func (a *live) turn(question string, rounds int) {
	a.add(user(question))
	for r := range rounds {
		ids := []string{"call_" + question + string(rune('a'+r))}
		if r%2 == 1 {
			ids = append(ids, ids[0]+"2")
		}
		a.add(calls(ids...))
		for _, id := range ids {
			mustAppend(a.t, a.log, ToolEnd{ID: id, Name: "read_file", Outcome: OutcomeOK, ElapsedMS: 3, Chars: 40})
			a.add(result(id, "package calc // "+id))
		}
	}
	a.add(answer("the answer to " + question))
	if err := a.log.AddUsage(llm.Usage{Input: 100, Output: 10}); err != nil {
		a.t.Fatal(err)
	}
}

// compact compacts the window and logs it, in the one place it happens.
func (a *live) compact(summary string) {
	before := len(a.window)
	a.window = testCompact(a.window, summary)
	mustAppend(a.t, a.log, Compact{Summary: summary, ThroughSeq: a.log.LastSeq(), TokensBefore: before * 100, TokensAfter: len(a.window) * 100})
}

// grant adds approvals and logs the whole set.
func (a *live) grant(g ...string) {
	a.grants = append(a.grants, g...)
	slices.Sort(a.grants)
	mustAppend(a.t, a.log, Grants{Grants: a.grants})
}

// resumeLive closes a's log and resumes the session in a "new process".
func resumeLive(t testing.TB, s Store, a *live) (*Log, *Replay) {
	t.Helper()
	a.log.Close()
	l, rp, err := s.Resume(a.log.ID(), testOptions)
	if err != nil {
		t.Fatalf("Resume: %v", err)
	}
	return l, rp
}

// withoutNote returns the window without the reopen note Resume added.
func withoutNote(t testing.TB, window []llm.Message) []llm.Message {
	t.Helper()
	last := window[len(window)-1]
	if last.Role != llm.RoleUser || !strings.Contains(last.Content, "reopened") {
		t.Fatalf("the window ends in %+v, want the note that the session was reopened", last)
	}
	return window[:len(window)-1]
}

func sameWindow(t testing.TB, got, want []llm.Message) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("rebuilt window has %d messages, the live one had %d (see exercise 3)", len(got), len(want))
		for i := range max(len(got), len(want)) {
			var g, w llm.Message
			if i < len(got) {
				g = got[i]
			}
			if i < len(want) {
				w = want[i]
			}
			if !reflect.DeepEqual(g, w) {
				t.Errorf("  first difference at %d: got %+v, want %+v", i, g, w)
				break
			}
		}
	}
}

func TestReplayEqualsTheLiveWindow(t *testing.T) {
	s := newTestStore(t)
	a := newLive(t, create(t, s))
	a.turn("what does calc.go do", 1)
	a.grant("read_file")
	a.turn("run the tests", 2)
	a.compact("the user asked about calc.go and ran the tests")
	mustAppend(t, a.log, Failure{Message: "429 Too Many Requests"})
	appendUnknown(t, a.log, "note") // a newer ply's event
	a.turn("fix divide", 3)
	a.grant("edit_file", "run_command go test ./...")
	a.compact("divide is fixed")
	a.turn("what did you change", 0)

	l, rp := resumeLive(t, s, a)
	defer l.Close()
	sameWindow(t, withoutNote(t, rp.Window), a.window)
	if !reflect.DeepEqual(rp.Grants.Grants, a.grants) {
		t.Errorf("grants = %v, want %v: the last grants event", rp.Grants.Grants, a.grants)
	}
	if want := (Usage{400, 40, 440}); rp.Usage != want || l.usage != want {
		t.Errorf("usage = %+v, the log's total %+v; want %+v, counting on from there", rp.Usage, l.usage, want)
	}
	if rp.Unfinished || rp.Dropped != 0 || rp.Repaired != nil {
		t.Errorf("Unfinished %v, Dropped %d, Repaired %v; want a clean, finished session", rp.Unfinished, rp.Dropped, rp.Repaired)
	}
	callsAnswered(t, rp.Window)
}

func TestReplayDropsATurnCutBeforeItsResults(t *testing.T) {
	s := newTestStore(t)
	a := newLive(t, create(t, s))
	a.turn("what does calc.go do", 1)
	want := slices.Clone(a.window)
	a.add(user("run the tests"))
	want = append(want, a.window[len(a.window)-1])
	a.add(calls("call_x", "call_y"))
	a.add(result("call_x", "ok")) // and the process dies before call_y's result

	l, rp := resumeLive(t, s, a)
	sameWindow(t, withoutNote(t, rp.Window), want)
	callsAnswered(t, rp.Window)
	if rp.Dropped != 2 || !rp.Unfinished {
		t.Errorf("Dropped = %d, Unfinished = %v; want 2 (the call and its one answer) and true (see exercise 3)", rp.Dropped, rp.Unfinished)
	}
	if note := rp.Window[len(rp.Window)-1].Content; !strings.Contains(note, "cut off") {
		t.Errorf("the note %q does not say the last tool calls were cut off", note)
	}

	// The cut turn is still in the log, now before the note: a second
	// resume must drop it again, not send its call without an answer.
	first := slices.Clone(rp.Window)
	l.Close()
	l2, rp2, err := s.Resume(l.ID(), testOptions)
	if err != nil {
		t.Fatal(err)
	}
	defer l2.Close()
	sameWindow(t, withoutNote(t, rp2.Window), first)
	callsAnswered(t, rp2.Window)
}

func TestReplayUnfinished(t *testing.T) {
	tests := []struct {
		name string
		msgs []Message
		want bool
	}{
		{"nothing said", nil, false},
		{"answered", []Message{user("hi"), answer("hello")}, false},
		{"asked, no answer", []Message{user("hi")}, true},
		{"results and no answer", []Message{user("hi"), calls("c1"), result("c1", "x")}, true},
		{"results cut, question stands", []Message{user("hi"), calls("c1", "c2"), result("c1", "x")}, true},
		{"answer after a round", []Message{user("hi"), calls("c1"), result("c1", "x"), answer("done")}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rp := NewReplay(testSystem, testCompact)
			for i, m := range tt.msgs {
				rp.Apply(Event{Seq: int64(i + 1), Data: m})
			}
			rp.Finish()
			if rp.Unfinished != tt.want {
				t.Errorf("Unfinished = %v, want %v (see exercise 3)", rp.Unfinished, tt.want)
			}
			callsAnswered(t, rp.Window)
		})
	}
}

func TestReplayCounts(t *testing.T) {
	evs := []Data{
		Meta{V: 1, ID: "s-20260907-100000-k3x9", Cwd: "/home/ann/calc"}, System{Content: "old prompt"},
		user("hi"), calls("c1"), ToolEnd{ID: "c1", Outcome: OutcomeOK}, result("c1", "x"), answer("done"),
		Usage{10, 1, 11}, Failure{Message: "boom"}, Fork{From: "s-20260907-090000-aaaa", AtSeq: 3},
		Unknown{Name: "note"}, Grants{Grants: []string{"read_file"}}, Compact{Summary: "said hi"},
	}
	rp := NewReplay(testSystem, testCompact)
	for i, d := range evs {
		rp.Apply(Event{Seq: int64(i + 1), Data: d})
	}
	rp.Finish()
	if rp.Replayed != 4 || rp.Skipped != 7 {
		t.Errorf("Replayed %d, Skipped %d; want 4 messages and 7 skipped: meta, system, tool_end, usage, error, fork, note (see exercise 3)", rp.Replayed, rp.Skipped)
	}
	if rp.LastSeq != int64(len(evs)) || rp.Meta.ID != "s-20260907-100000-k3x9" || rp.Usage.TotalTokens != 11 {
		t.Errorf("LastSeq %d, Meta %+v, Usage %+v; want the last seq, the meta line, the last usage", rp.LastSeq, rp.Meta, rp.Usage)
	}
	if rp.Window[0].Content != testSystem {
		t.Errorf("the window starts with %q, want today's prompt %q, not the logged one", rp.Window[0].Content, testSystem)
	}
	want := testCompact([]llm.Message{rp.Window[0], user("hi").Message, calls("c1").Message, result("c1", "x").Message, answer("done").Message}, "said hi")
	sameWindow(t, rp.Window, want)
}

func TestReplayGrantsLastWins(t *testing.T) {
	rp := NewReplay(testSystem, testCompact)
	rp.Apply(Event{Seq: 1, Data: Grants{Grants: []string{"a", "b"}, Cwd: "/home/ann/calc"}})
	rp.Apply(Event{Seq: 2, Data: Grants{Grants: []string{"c"}, Cwd: "/home/ann/calc"}})
	if !reflect.DeepEqual(rp.Grants.Grants, []string{"c"}) {
		t.Errorf("Grants = %v, want [c]: a grants event holds the whole set (see exercise 3)", rp.Grants.Grants)
	}
}

// TestGrantsHoldWhereTheyWereGiven checks that the grants a log holds are
// used only by a ply that runs where they were given; a log written
// before grants kept where, by the directory of its meta line.
func TestGrantsHoldWhereTheyWereGiven(t *testing.T) {
	tests := []struct {
		name   string
		grants Grants
		cwd    string
		want   []string
	}{
		{"given here", Grants{Grants: []string{"a"}, Cwd: "/home/ann/calc"}, "/home/ann/calc", []string{"a"}},
		{"given elsewhere", Grants{Grants: []string{"a"}, Cwd: "/home/ann/calc"}, "/home/ann/other", nil},
		{"an older log, begun here", Grants{Grants: []string{"a"}}, "/home/ann/calc", []string{"a"}},
		{"an older log, begun elsewhere", Grants{Grants: []string{"a"}}, "/home/ann/other", nil},
	}
	for _, tt := range tests {
		rp := NewReplay(testSystem, testCompact)
		rp.Apply(Event{Seq: 1, Data: Meta{V: Version, Cwd: "/home/ann/calc"}})
		rp.Apply(Event{Seq: 2, Data: tt.grants})
		if got, where := rp.GrantsFor(tt.cwd); !reflect.DeepEqual(got, tt.want) || where != "/home/ann/calc" {
			t.Errorf("%s: GrantsFor(%s) = %v, given in %s; want %v, given in /home/ann/calc", tt.name, tt.cwd, got, where, tt.want)
		}
	}
}

func TestReplayCompactEndsACutRound(t *testing.T) {
	rp := NewReplay(testSystem, testCompact)
	for i, m := range []Data{user("hi"), calls("c1", "c2"), result("c1", "x"), Compact{Summary: "s"}, user("again")} {
		rp.Apply(Event{Seq: int64(i + 1), Data: m})
	}
	rp.Finish()
	callsAnswered(t, rp.Window)
	if rp.Dropped != 2 {
		t.Errorf("Dropped = %d, want 2: a compaction ends a round cut short (see exercise 3)", rp.Dropped)
	}
}

func TestReplayDropsARoundWithManyCalls(t *testing.T) {
	rp := NewReplay(testSystem, testCompact)
	msgs := []Data{user("hi"), calls("c1"), result("c1", "x"), calls("c2", "c3", "c4"), result("c2", "y"), result("c3", "z")}
	for i, m := range msgs {
		rp.Apply(Event{Seq: int64(i + 1), Data: m})
	}
	rp.Finish()
	if len(rp.Window) != 4 || rp.Dropped != 3 {
		t.Errorf("window of %d, Dropped %d; want the first round kept (4 messages) and the cut one dropped (3)", len(rp.Window), rp.Dropped)
	}
}

func TestReopenNoteNamesTheMove(t *testing.T) {
	s := newTestStore(t)
	a := newLive(t, create(t, s))
	a.turn("hi", 0)
	a.log.Close()
	moved := testOptions
	moved.Cwd = "/home/ann/calc-renamed"
	l, rp, err := s.Resume(a.log.ID(), moved)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	note := rp.Window[len(rp.Window)-1].Content
	if rp.Meta.Cwd != "/home/ann/calc" || !strings.Contains(note, "/home/ann/calc;") || !strings.Contains(note, "/home/ann/calc-renamed") {
		t.Errorf("Meta.Cwd %q, note %q; want the note to name the recorded directory and the current one", rp.Meta.Cwd, note)
	}
}

// appendUnknown writes a line of a type this ply does not know, as a
// newer ply would, through the log's own file: Append refuses to.
func appendUnknown(t testing.TB, l *Log, typ string) {
	t.Helper()
	text := fmt.Sprintf(`{"seq":%d,"ts":"2026-09-07T10:00:00.000Z","type":%q,"text":"from a newer ply"}`+"\n", l.next, typ)
	if _, err := l.f.Write([]byte(text)); err != nil {
		t.Fatal(err)
	}
	l.next++
}

// TestReplayOfEveryBeginningIsWellFormed replays every beginning of a
// live session's log, as a kill after any one of its events leaves the
// log: each rebuilds a window a server takes, every call answered and no
// result without its call before it.
func TestReplayOfEveryBeginningIsWellFormed(t *testing.T) {
	s := newTestStore(t)
	l := create(t, s)
	a := newLive(t, l)
	a.turn("read calc.go", 2)
	a.grant("read_file")
	a.turn("run the tests", 3)
	a.compact("the tests fail on divide by zero")
	a.turn("fix it", 1)
	l.Close()
	data := readFile(t, l.Path())
	for end := bytes.IndexByte(data, '\n'); end >= 0; {
		rp := NewReplay(testSystem, testCompact)
		r := NewReader(bytes.NewReader(data[:end+1]), "beginning.jsonl")
		for r.Next() {
			rp.Apply(r.Event())
		}
		rp.Finish()
		if err := agent.WellFormed(rp.Window); err != nil || r.Err() != nil {
			t.Errorf("the log cut after seq %d rebuilds a window no server takes: %v, %v (see exercise 3)", rp.LastSeq, err, r.Err())
		}
		next := bytes.IndexByte(data[end+1:], '\n')
		if next < 0 {
			break
		}
		end += next + 1
	}
}
