package ui

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// script writes edits as diff -u writes their lines, one per line, for
// comparing in a failure message.
func script(edits []edit) string {
	var b strings.Builder
	for _, e := range edits {
		fmt.Fprintf(&b, "%c%s", e.op, e.line)
		if !strings.HasSuffix(e.line, "\n") {
			b.WriteString("⏎\n") // a line with no end of its own
		}
	}
	return b.String()
}

func TestDiffLines(t *testing.T) {
	tests := []struct {
		name, a, b string
		want       string
	}{
		{"both empty", "", "", ""},
		{"same", "a\nb\n", "a\nb\n", " a\n b\n"},
		{"a line added at the top", "b\nc\n", "a\nb\nc\n", "+a\n b\n c\n"},
		{"a line removed in the middle", "a\nb\nc\n", "a\nc\n", " a\n-b\n c\n"},
		{"a line replaced: removed then added", "a\nb\nc\n", "a\nB\nc\n", " a\n-b\n+B\n c\n"},
		{"from nothing", "", "a\nb\n", "+a\n+b\n"},
		{"to nothing", "a\nb\n", "", "-a\n-b\n"},
		{"a final newline added", "a", "a\n", "-a⏎\n+a\n"},
		{"the longest common part is kept", "a\nb\nc\nd\n", "b\nx\nc\ny\n", "-a\n b\n+x\n c\n-d\n+y\n"},
		{"moved lines", "a\nb\nc\n", "c\na\nb\n", "+c\n a\n b\n-c\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := script(diffLines(splitLines(tt.a), splitLines(tt.b)))
			if got != tt.want {
				t.Errorf("diffLines(%q, %q) =\n%s\nwant\n%s(see day05's exercise 4: lcsEdits)", tt.a, tt.b, got, tt.want)
			}
		})
	}
}

// TestDiffLinesPastTheTable checks that a middle too big for the table is
// still a correct diff: every old line removed, every new one added.
func TestDiffLinesPastTheTable(t *testing.T) {
	var a, b []string
	for i := range 1100 {
		a = append(a, fmt.Sprintf("old %d\n", i))
		b = append(b, fmt.Sprintf("new %d\n", i))
	}
	edits := diffLines(a, b)
	if len(edits) != 2200 || edits[0].op != '-' || edits[1099].op != '-' || edits[1100].op != '+' {
		t.Errorf("diffLines of 1100 changed lines gave %d edits, want 1100 removed then 1100 added", len(edits))
	}
}

// numbered returns lines "1" to "n", each with its newline.
func numbered(from, to int) string {
	var b strings.Builder
	for i := from; i <= to; i++ {
		fmt.Fprintf(&b, "%d\n", i)
	}
	return b.String()
}

// The golden cases: what diff -u prints for the same texts.
var unifiedTests = []struct {
	name, before, after string
	want                string
}{
	{"one line changed in the middle",
		numbered(1, 10), strings.Replace(numbered(1, 10), "5\n", "five\n", 1),
		`--- calc.go
+++ calc.go
@@ -2,7 +2,7 @@
 2
 3
 4
-5
+five
 6
 7
 8
`},
	{"two changes far apart make two hunks",
		numbered(1, 20), strings.Replace(strings.Replace(numbered(1, 20), "2\n", "two\n", 1), "19\n", "", 1),
		`--- calc.go
+++ calc.go
@@ -1,5 +1,5 @@
 1
-2
+two
 3
 4
 5
@@ -16,5 +16,4 @@
 16
 17
 18
-19
 20
`},
	{"two changes six lines apart share a hunk",
		numbered(1, 12), strings.Replace(strings.Replace(numbered(1, 12), "3\n", "c\n", 1), "10\n", "j\n", 1),
		`--- calc.go
+++ calc.go
@@ -1,12 +1,12 @@
 1
 2
-3
+c
 4
 5
 6
 7
 8
 9
-10
+j
 11
 12
`},
	{"a new file",
		"", "package calc\n",
		`--- calc.go
+++ calc.go
@@ -0,0 +1 @@
+package calc
`},
	{"everything removed",
		"a\nb\n", "",
		`--- calc.go
+++ calc.go
@@ -1,2 +0,0 @@
-a
-b
`},
	{"no newline at the end",
		"a\nb", "a\nc",
		`--- calc.go
+++ calc.go
@@ -1,2 +1,2 @@
 a
-b
\ No newline at end of file
+c
\ No newline at end of file
`},
	{"control characters are shown, not sent",
		"x := 1\n", "x := 1 \x1b[2K\r// looks harmless\n",
		"--- calc.go\n+++ calc.go\n@@ -1 +1 @@\n-x := 1\n+x := 1 " + esc + "[2K␍// looks harmless\n"},
	{"CRLF line ends become visible",
		"a\r\n", "a\n",
		`--- calc.go
+++ calc.go
@@ -1 +1 @@
-a␍
+a
`},
	{"no change", "a\n", "a\n", "calc.go: no change\n"},
	{"not text", "a\n", "a\x00b\n", "calc.go: 1 line (2 bytes) become 1 line (4 bytes); not text\n"},
}

// esc is how printable shows the escape character: the question shows
// it, never sends it.
var esc = printable("\x1b")

func TestUnifiedDiff(t *testing.T) {
	for _, tt := range unifiedTests {
		t.Run(tt.name, func(t *testing.T) {
			var got strings.Builder
			for _, line := range unifiedDiff("calc.go", tt.before, tt.after) {
				got.WriteString(line.text + "\n")
			}
			if got.String() != tt.want {
				t.Errorf("unifiedDiff =\n%s\nwant\n%s(see day05's exercise 4: lcsEdits; hunks and their headers are in diff.go)", got.String(), tt.want)
			}
		})
	}
}

func TestUnifiedDiffBounds(t *testing.T) {
	big := strings.Repeat("x\n", maxDiffBytes/2+1)
	if got := unifiedDiff("big.txt", big, big+"y\n"); len(got) != 1 || !strings.Contains(got[0].text, "too big to show as a diff") {
		t.Errorf("a diff of a file over %d bytes gave %d lines, want one summing it up", maxDiffBytes, len(got))
	}
	long := unifiedDiff("long.txt", numbered(1, 1000), "")
	if last := long[len(long)-1].text; len(long) != maxDiffLines+1 || last != "… 803 more lines of diff" {
		t.Errorf("a diff of 1003 lines gave %d lines ending %q, want %d and a count of the rest (see day05's exercise 4)", len(long), last, maxDiffLines+1)
	}
}

// TestDiffLinesIsAnEditScript checks diffLines on random texts: the kept
// and removed lines are a, the kept and added lines are b, and as many
// lines are kept as the longest common subsequence has.
func TestDiffLinesIsAnEditScript(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	randomLines := func() []string {
		lines := make([]string, rng.IntN(12))
		for i := range lines {
			lines[i] = string(rune('a'+rng.IntN(4))) + "\n"
		}
		return lines
	}
	for range 500 {
		a, b := randomLines(), randomLines()
		edits := diffLines(a, b)
		var old, new []string
		kept := 0
		for _, e := range edits {
			if e.op != '+' {
				old = append(old, e.line)
			}
			if e.op != '-' {
				new = append(new, e.line)
			}
			if e.op == ' ' {
				kept++
			}
		}
		if !slices.Equal(old, a) || !slices.Equal(new, b) || kept != lcsLength(a, b) {
			t.Fatalf("diffLines(%q, %q) =\n%s\ndoes not turn one into the other keeping %d lines (see day05's exercise 4)", a, b, script(edits), lcsLength(a, b))
		}
	}
}

// lcsLength is the length of a longest common subsequence of a and b,
// worked out the slow way, by trying both choices at every step.
func lcsLength(a, b []string) int {
	switch {
	case len(a) == 0 || len(b) == 0:
		return 0
	case a[0] == b[0]:
		return 1 + lcsLength(a[1:], b[1:])
	}
	return max(lcsLength(a[1:], b), lcsLength(a, b[1:]))
}
