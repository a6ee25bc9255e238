package session

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"ply/day07/llm"
)

func TestSearch(t *testing.T) {
	s := newTestStore(t)
	ids := makeSessions(t, s, 3, "/home/ann/calc", base)
	other := makeSessions(t, s, 1, "/home/ann/other", base.Add(time.Hour))
	l, _, err := s.Resume(ids[1], testOptions)
	if err != nil {
		t.Fatal(err)
	}
	mustAppend(t, l, Message{Message: llm.Message{Role: llm.RoleAssistant, ToolCalls: []llm.ToolCall{{ID: "c", Name: "run_command", Arguments: `{"command":"go test -run TestDivide"}`}}}})
	mustAppend(t, l, result("c", strings.Repeat("ok ", 20)+"--- FAIL: TestDivide (0.00s) é"+strings.Repeat(" more", 20)))
	l.Close()

	var hits []Hit
	if err := s.Search("TestDivide", "/home/ann/calc", nil, func(h Hit) { hits = append(hits, h) }); err != nil {
		t.Fatal(err)
	}
	want := []Hit{
		{ID: ids[1], Seq: 7, Role: llm.RoleAssistant, Excerpt: `run_command {"command":"go test -run TestDivide"}`},
		{ID: ids[1], Seq: 8, Role: llm.RoleTool, Excerpt: "…k ok ok ok ok ok ok --- FAIL: TestDivide (0.00s) é more more more more…"},
	}
	if !reflect.DeepEqual(hits, want) {
		t.Errorf("Search = %+v\nwant %+v", hits, want)
	}
	hits = nil
	s.Search("question 0", "", nil, func(h Hit) { hits = append(hits, h) })
	if len(hits) != 2 || hits[0].ID != other[0] || hits[1].ID != ids[0] {
		t.Errorf("Search of every directory = %+v; want the hit in /home/ann/other first, it is newer", hits)
	}
}

func TestSearchGoesOnPastADamagedLog(t *testing.T) {
	s, l, full := damagedLog(t)
	writeFile(t, l.Path(), append(full[:lineStart(full, 8)], "garbage\n"...))
	older := makeSessions(t, s, 1, "/home/ann/calc", base)
	var hits []Hit
	err := s.Search("calc", "", nil, func(h Hit) { hits = append(hits, h) })
	if got := len(hits); got != 3 || hits[0].Seq != 3 || hits[2].Seq != 6 || !errors.Is(err, ErrNotJSON) {
		t.Errorf("Search = %+v, %v; want the three hits before the bad line (3, 4, 6), and the bad line's error", hits, err)
	}
	hits = nil
	err = s.Search("question", "", nil, func(h Hit) { hits = append(hits, h) })
	if len(hits) != 1 || hits[0].ID != older[0] || !errors.Is(err, ErrNotJSON) {
		t.Errorf("Search = %+v, %v; want the hit in the log after the damaged one, and the damaged one's error", hits, err)
	}
}

func TestSearchForNothing(t *testing.T) {
	if err := newTestStore(t).Search("", "", nil, func(Hit) {}); err == nil {
		t.Error("Search for \"\": no error")
	}
}

func TestExcerpt(t *testing.T) {
	s := strings.Repeat("é", 40) + "needle" + strings.Repeat("ü", 40)
	got := excerpt(s, strings.Index(s, "needle"), len("needle"))
	want := "…" + strings.Repeat("é", 30) + "needle" + strings.Repeat("ü", 30) + "…"
	if got != want {
		t.Errorf("excerpt = %q, want %q: 30 characters each side, none cut in half", got, want)
	}
	if got := excerpt("a needle\nhere", 2, 6); got != "a needle here" {
		t.Errorf("excerpt = %q, want it whole, on one line", got)
	}
}
