package ui

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"

	"ply/day07/agent"
	"ply/day07/llm"
)

// noSpinner starts a spinner that draws nothing, as on a pipe.
func noSpinner() *Spinner { return StartSpinner(nil, lipgloss.NewStyle(), "") }

func TestTurnView(t *testing.T) {
	tests := []struct {
		name   string
		events []agent.Event
		want   string
	}{
		{"a reply and its usage", []agent.Event{agent.Text{Text: "Hel"}, agent.Text{Text: "lo."}, agent.TurnDone{Usage: llm.Usage{Input: 9, Output: 2}}},
			"Hello.\ntokens: 9 in, 2 out\n"},
		{"no usage reported", []agent.Event{agent.Text{Text: "Hi.\n"}, agent.TurnDone{}}, "Hi.\n"},
		{"cut mid-reply", []agent.Event{agent.Text{Text: "Hel"}, agent.Failed{Err: llm.ErrStreamCut}},
			"Hel\nerror: the stream was cut before the reply finished\n"},
		{"refused", []agent.Event{agent.Failed{Err: errors.New("401 Unauthorized")}}, "error: 401 Unauthorized\n"},
		{"cancelled, partial kept", []agent.Event{agent.Text{Text: "Once"}, agent.Cancelled{Kept: true}},
			"Once\ncancelled; the reply so far stays in the conversation\n"},
		{"cancelled before a word", []agent.Event{agent.Cancelled{}}, "cancelled\n"},
		{"a tool call", []agent.Event{
			agent.Text{Text: "Let me look."},
			agent.ToolStart{ID: "c1", Name: "read_file", Arguments: `{"path":"calc.go"}`},
			agent.ToolEnd{ID: "c1", Name: "read_file", Arguments: `{"path":"calc.go"}`, Chars: 642, Elapsed: 3 * time.Millisecond},
			agent.Text{Text: "It adds."}, agent.TurnDone{}},
			"Let me look.\n✓ read_file {\"path\":\"calc.go\"} · 642 chars · 3ms\nIt adds.\n"},
		{"a cut result", []agent.Event{agent.ToolEnd{Name: "search", Arguments: `{}`, Chars: 53211, Truncated: true}},
			"✓ search {} · 53211 chars, cut to its head and tail · 0ms\n"},
		{"a failed call", []agent.Event{agent.ToolEnd{Name: "read_file", Arguments: `{"path":"../x"}`, Err: errors.New("../x: it is outside the workspace")}},
			"✗ read_file {\"path\":\"../x\"} · ../x: it is outside the workspace\n"},
		{"long arguments are shortened", []agent.Event{agent.ToolEnd{Name: "search", Arguments: `{"pattern":"` + strings.Repeat("a", 100) + `"}`}},
			"✓ search {\"pattern\":\"" + strings.Repeat("a", 67) + "… · 0 chars · 0ms\n"},
		{"the round limit", []agent.Event{agent.RoundLimit{Rounds: 20}},
			"stopped: the turn reached its limit of 20 rounds of tool calls; ask again to go on\n"},
		{"the round limit, with what it cost", []agent.Event{agent.RoundLimit{Rounds: 20, Usage: llm.Usage{Input: 9000, Output: 400}}},
			"stopped: the turn reached its limit of 20 rounds of tool calls; ask again to go on\ntokens: 9000 in, 400 out\n"},
		{"cut mid-reply, kept", []agent.Event{agent.Text{Text: "Hel"}, agent.Failed{Err: llm.ErrStreamCut, Kept: true}},
			"Hel\nerror: the stream was cut before the reply finished\nthe reply so far stays in the conversation\n"},
		{"refused, with what to fix", []agent.Event{agent.Failed{Err: &llm.APIError{Status: 401, Message: "bad key", Fix: "check OPENAI_API_KEY"}}},
			"error: 401 Unauthorized: bad key\nfix: check OPENAI_API_KEY\n"},
		{"a wait before a retry", []agent.Event{agent.Retrying{Attempt: 2, Attempts: 5, Wait: 6 * time.Second, Err: &llm.APIError{Status: 429}}, agent.Text{Text: "Hi."}, agent.TurnDone{}},
			"rate limited — retrying in 6 s, attempt 2 of 5\nHi.\n"},
		{"a compaction", []agent.Event{agent.Compacted{Compaction: agent.Compaction{Replaced: 12, Before: 25000, After: 3000}}},
			"compacted: 12 messages replaced by a summary; ~25000 → ~3000 tokens\n"},
		{"a compaction that failed", []agent.Event{agent.CompactFailed{Err: errors.New("ask for a summary: 503")}},
			"could not compact: ask for a summary: 503\n"},
		{"a model that repeats itself", []agent.Event{agent.Repeated{Name: "read_file", Arguments: `{"path":"a"}`}},
			"stopped: the model called read_file {\"path\":\"a\"} 3 times in a row; ask again, or ask differently\n"},
		{"no room", []agent.Event{agent.OutOfRoom{Size: 40000, Budget: 32768}},
			"stopped: this turn takes ~40000 tokens, more than the budget of 32768 even after compaction; /clear, or set PLY_CONTEXT if the model's window is larger\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			v := &turnView{out: &out, styles: NewStyles(&out), spin: noSpinner}
			v.spinner = v.spin()
			for _, e := range tt.events {
				v.show(e)
			}
			if out.String() != tt.want {
				t.Errorf("rendered %q, want %q", out.String(), tt.want)
			}
		})
	}
}

// TestTurnViewWritesAtOnce checks that each fragment is on the writer as
// soon as show returns: nothing waits for a line to end.
func TestTurnViewWritesAtOnce(t *testing.T) {
	var out bytes.Buffer
	v := &turnView{out: &out, styles: NewStyles(&out), spin: noSpinner}
	v.spinner = v.spin()
	for _, piece := range []string{"Hel", "lo, ", "wor", "ld"} {
		before := out.Len()
		v.show(agent.Text{Text: piece})
		if got := out.String()[before:]; got != piece {
			t.Errorf("after showing %q the writer got %q, want the fragment itself", piece, got)
		}
	}
}

func TestSpinner(t *testing.T) {
	var out bytes.Buffer
	s := StartSpinner(&out, NewStyles(&out).Dim, "waiting for m")
	s.Stop()
	s.Stop() // a second Stop is harmless
	got := out.String()
	if !strings.Contains(got, "waiting for m 0.") {
		t.Errorf("spinner drew %q, want the label and the seconds", got)
	}
	if !strings.HasSuffix(got, "\r") || !strings.Contains(got, "\r  ") {
		t.Errorf("spinner left %q, want its line blanked and the cursor back at its start", got)
	}
}

func TestSpinnerOff(t *testing.T) {
	s := StartSpinner(nil, NewStyles(&bytes.Buffer{}).Dim, "waiting")
	s.Stop() // returns at once: nothing was drawing
}

// TestToolLineIsPrintable has a model name a tool, and write arguments,
// with escape sequences in them, and a tool fail with one: the summary
// line shows them, harmless.
func TestToolLineIsPrintable(t *testing.T) {
	var out bytes.Buffer
	v := &turnView{out: &out, styles: NewStyles(&out), spin: func() *Spinner { return StartSpinner(nil, NewStyles(&out).Dim, "") }}
	v.spinner = v.spin()
	v.show(agent.ToolEnd{Name: "read_file\x1b]0;pwned\x07", Arguments: "{\"path\":\"\x1b[2Jx.go\"}"})
	v.show(agent.ToolEnd{Name: "list_dir", Arguments: "{}", Err: errors.New("no such file: \x1b]52;c;cm0gLXJm\x07")})
	want := "✓ read_file␛]0;pwned␇ {\"path\":\"␛[2Jx.go\"} · 0 chars · 0ms\n" +
		"✗ list_dir {} · no such file: ␛]52;c;cm0gLXJm␇\n"
	if got := out.String(); got != want {
		t.Errorf("tool lines %q, want %q", got, want)
	}
	assertHarmless(t, out.String())
}
