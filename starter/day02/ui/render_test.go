package ui

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"ply/day02/agent"
	"ply/day02/llm"
)

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
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out bytes.Buffer
			v := &turnView{out: &out, styles: NewStyles(&out), spinner: StartSpinner(nil, NewStyles(&out).Dim, "")}
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
	v := &turnView{out: &out, styles: NewStyles(&out), spinner: StartSpinner(nil, NewStyles(&out).Dim, "")}
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
