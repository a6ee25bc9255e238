package tools

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestTruncate(t *testing.T) {
	var b strings.Builder
	for i := range 1000 {
		fmt.Fprintf(&b, "line %03d é\n", i) // 11 characters, 12 bytes
	}
	text := b.String()
	got := truncate(text, 1000)
	n := utf8.RuneCountInString(text)
	if !strings.HasPrefix(got, "line 000 é\n") || !strings.HasSuffix(got, "line 999 é\n") {
		t.Errorf("truncate lost the first or the last line:\n%s", got)
	}
	if !utf8.ValidString(got) {
		t.Error("truncate cut a character in half")
	}
	for _, line := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
		if strings.HasPrefix(line, "line ") && utf8.RuneCountInString(line) != 10 {
			t.Errorf("line %q was cut in the middle", line)
		}
	}
	kept := utf8.RuneCountInString(got)
	marker := fmt.Sprintf("of %d characters cut", n)
	if !strings.Contains(got, marker) || kept > 1000+100 {
		t.Errorf("kept %d characters with marker %v; want about 1000 and a line saying %q", kept, strings.Contains(got, marker), marker)
	}
	cut := n - (kept - utf8.RuneCountInString(markerLine(got)))
	if !strings.Contains(got, fmt.Sprintf("[… %d of %d", cut, n)) {
		t.Errorf("the marker %q does not say %d were cut", markerLine(got), cut)
	}
}

// markerLine returns the line of text that says what was cut, with its
// newline.
func markerLine(text string) string {
	for _, line := range strings.SplitAfter(text, "\n") {
		if strings.HasPrefix(line, "[…") {
			return line
		}
	}
	return ""
}

func TestTruncateCountsCharacters(t *testing.T) {
	text := "x" + strings.Repeat("é", 50_000)
	got := truncate(text, 1000)
	if !utf8.ValidString(got) || !strings.Contains(got, "[… 49001 of 50001 characters cut") {
		t.Errorf("on two-byte characters, truncate gave %.60q…; want valid UTF-8 and the cut counted in characters, not bytes", got)
	}
	if n := strings.Count(got, "é"); n != 999 {
		t.Errorf("truncate kept %d of the é, want 999: half the budget from each end, counted in characters", n)
	}
}

func TestTruncateOneLongLine(t *testing.T) {
	text := strings.Repeat("x", 50_000)
	got := truncate(text, 1000)
	if !strings.HasPrefix(got, strings.Repeat("x", 500)+"\n[… 49000 of 50000") || !strings.HasSuffix(got, strings.Repeat("x", 500)) {
		at := max(0, strings.Index(got, "[…")-10)
		t.Errorf("a result with no line ends: around the marker, got %q; want 500 x, a newline, the marker on its own line, 500 x",
			got[at:min(len(got), at+90)])
	}
}

// TestTruncateMovesACutOnlyWhenNear puts a line end on each side of the
// point where a cut stops moving to it: in the half of the head or the
// tail nearer the cut, the cut moves to just after it; farther, the cut
// stays, since moving it would throw away half of what the budget keeps.
func TestTruncateMovesACutOnlyWhenNear(t *testing.T) {
	// A budget of 20 keeps a head and a tail of 10 characters each, with
	// 10 characters of "m" between them, and no line end there.
	tests := []struct {
		name, head, tail   string
		wantHead, wantTail string
	}{
		{"a line end that starts the head's second half", "aaaaa\nbbbb", "cccccccccc", "aaaaa\n", "cccccccccc"},
		{"a line end just before the head's second half", "aaaa\nbbbbb", "cccccccccc", "aaaa\nbbbbb", "cccccccccc"},
		{"a line end that starts the tail", "aaaaaaaaaa", "\nccccccccc", "aaaaaaaaaa", "ccccccccc"},
		{"a line end that ends the tail's first half", "aaaaaaaaaa", "cccc\nddddd", "aaaaaaaaaa", "ddddd"},
		{"a line end just past the tail's first half", "aaaaaaaaaa", "ccccc\ndddd", "aaaaaaaaaa", "ccccc\ndddd"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text := tt.head + strings.Repeat("m", 10) + tt.tail
			got := truncate(text, 20)
			want := tt.wantHead
			if !strings.HasSuffix(want, "\n") {
				want += "\n"
			}
			cut := len(text) - len(tt.wantHead) - len(tt.wantTail)
			want += fmt.Sprintf("[… %d of %d characters cut; ask for a smaller part to see them …]\n", cut, len(text)) + tt.wantTail
			if got != want {
				t.Errorf("truncate(%q, 20) =\n%q\nwant\n%q\na cut moves to a line end only in the half of the head or tail nearer the cut (see day03's exercise 3)", text, got, want)
			}
		})
	}
}
