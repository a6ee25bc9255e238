package ui

import (
	"testing"

	"ply/day05/approval"
)

func TestParseAnswer(t *testing.T) {
	yes := approval.Answer{Reply: approval.Yes}
	always := approval.Answer{Reply: approval.Always}
	no := approval.Answer{Reply: approval.No}
	tests := []struct {
		line string
		want approval.Answer
		ok   bool
	}{
		{"y", yes, true},
		{"yes", yes, true},
		{"Y", yes, true},
		{"YES", yes, true},
		{"  y  ", yes, true},
		{"a", always, true},
		{"always", always, true},
		{"A", always, true},
		{"n", no, true},
		{"no", no, true},
		{"N", no, true},
		{"n use the other file", approval.Answer{Reply: approval.No, Reason: "use the other file"}, true},
		{"no   not the tests  ", approval.Answer{Reply: approval.No, Reason: "not the tests"}, true},
		{"n keep  the   panic", approval.Answer{Reply: approval.No, Reason: "keep  the   panic"}, true},
		{"n\tuse calc_test.go", approval.Answer{Reply: approval.No, Reason: "use calc_test.go"}, true},
		{"No, don't", approval.Answer{}, false},
		{"", approval.Answer{}, false},
		{"   ", approval.Answer{}, false},
		{"yes please", approval.Answer{}, false},
		{"yes but not that file", approval.Answer{}, false},
		{"yolo", approval.Answer{}, false},
		{"a lot", approval.Answer{}, false},
		{"nope", approval.Answer{}, false},
		{"ok", approval.Answer{}, false},
		{"/quit", approval.Answer{}, false},
	}
	for _, tt := range tests {
		got, ok := parseAnswer(tt.line)
		if got != tt.want || ok != tt.ok {
			t.Errorf("parseAnswer(%q) = %+v, %v; want %+v, %v (see day05's exercise 3)", tt.line, got, ok, tt.want, tt.ok)
		}
	}
}
