package tools

import (
	"context"
	"slices"
	"strings"
	"testing"
)

func TestLineReporter(t *testing.T) {
	tests := []struct {
		name   string
		writes []string
		want   []string // the lines reported, one per write that ends a line
	}{
		{"one line", []string{"ok\n"}, []string{"ok"}},
		{"the last whole line of a write", []string{"one\ntwo\nthr"}, []string{"two"}},
		{"a line over several writes", []string{"=== RU", "N   TestDiv", "\n"}, []string{"=== RUN   TestDiv"}},
		{"CRLF", []string{"done\r\n"}, []string{"done"}},
		{"a progress bar redrawn with \\r", []string{"10%\r", "50%\r", "100%\n"}, []string{"10%", "50%", "100%"}},
		{"blank lines are not news", []string{"ok\n", "\n", "   \n"}, []string{"ok"}},
		{"nothing without a line end", []string{"still typing"}, nil},
		{"a long line is cut", []string{strings.Repeat("x", 300) + "\n"}, []string{strings.Repeat("x", maxProgressLine)}},
		{"a long line in pieces is cut", []string{strings.Repeat("x", 150), strings.Repeat("y", 150), "\n"},
			[]string{strings.Repeat("x", 150) + strings.Repeat("y", maxProgressLine-150)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got []string
			l := &lineReporter{report: func(line string) { got = append(got, line) }}
			for _, w := range tt.writes {
				if n, err := l.Write([]byte(w)); n != len(w) || err != nil {
					t.Fatalf("Write(%q) = %d, %v", w, n, err)
				}
			}
			if !slices.Equal(got, tt.want) {
				t.Errorf("writes %q reported %q, want %q", tt.writes, got, tt.want)
			}
		})
	}
}

func TestProgressTravelsInTheContext(t *testing.T) {
	if ProgressFrom(context.Background()) != nil {
		t.Error("a context without a reporter gave one")
	}
	var got string
	ctx := WithProgress(context.Background(), func(line string) { got = line })
	ProgressFrom(ctx)("hello")
	if got != "hello" {
		t.Errorf("the reporter from the context got %q, want hello", got)
	}
}
