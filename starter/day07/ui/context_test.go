package ui

import (
	"slices"
	"testing"

	"ply/day07/agent"
)

func TestContextLines(t *testing.T) {
	r := agent.ContextReport{
		Rows: []agent.ContextRow{
			{Index: 0, Role: "system", Tokens: 60, Preview: "You are ply, a coding assistant in a te…"},
			{Index: 1, Role: "user", Tokens: 9, Preview: "what does calc.go do?"},
			{Index: 2, Role: "assistant", Tool: "→ read_file", Tokens: 12, Preview: "(1 tool call, no text)"},
			{Index: 3, Role: "tool", Tool: "← read_file", Tokens: 140, Preview: "// Package calc is a small integer ca…"},
			{Index: 4, Role: "assistant", Tool: "→ read_file, search, list_dir, find", Tokens: 30, Preview: "Look."},
		},
		Tools: 420, Estimated: 671, Counted: 650, Budget: 32768, CompactAt: 24576,
	}
	heading, rows, totals := contextLines(r)
	wantHeading := "  #  role       tool                      tokens  preview"
	wantRows := []string{
		"  0  system                                  ~60  You are ply, a coding assistant in a te…",
		"  1  user                                     ~9  what does calc.go do?",
		"  2  assistant  → read_file                  ~12  (1 tool call, no text)",
		"  3  tool       ← read_file                 ~140  // Package calc is a small integer ca…",
		"  4  assistant  → read_file, search, li…     ~30  Look.",
	}
	wantTotals := "5 messages · tools ~420 · ~671 tokens estimated · ~650 by the server's count · budget 32768 · compacts past 24576"
	if heading != wantHeading {
		t.Errorf("heading\n%q\nwant\n%q", heading, wantHeading)
	}
	if !slices.Equal(rows, wantRows) {
		t.Errorf("rows\n%q\nwant\n%q", rows, wantRows)
	}
	if totals != wantTotals {
		t.Errorf("totals\n%q\nwant\n%q", totals, wantTotals)
	}
}

func TestContextTotalsWithoutACount(t *testing.T) {
	_, _, totals := contextLines(agent.ContextReport{Rows: []agent.ContextRow{{Role: "system"}}, Estimated: 60, Budget: 100, CompactAt: 75})
	if want := "1 message · tools ~0 · ~60 tokens estimated · budget 100 · compacts past 75"; totals != want {
		t.Errorf("totals %q, want %q", totals, want)
	}
}
