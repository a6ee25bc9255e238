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
