package lab

import (
	"bytes"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestDiffLines checks, on random pairs of files, that the edit script
// turns one into the other and is as short as a longest common
// subsequence allows.
func TestDiffLines(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	words := []string{"a", "b", "c", "d"}
	lines := func() []string {
		out := make([]string, r.IntN(12))
		for i := range out {
			out[i] = words[r.IntN(len(words))]
		}
		return out
	}
	for range 2000 {
		a, b := lines(), lines()
		ops := diffLines(a, b)
		var gotA, gotB []string
		changes := 0
		for _, o := range ops {
			if o.kind != '+' {
				gotA = append(gotA, o.line)
			}
			if o.kind != '-' {
				gotB = append(gotB, o.line)
			}
			if o.kind != ' ' {
				changes++
			}
		}
		if !slices.Equal(gotA, a) || !slices.Equal(gotB, b) {
			t.Fatalf("diffLines(%q, %q) = %v: does not turn one into the other", a, b, ops)
		}
		if want := len(a) + len(b) - 2*lcs(a, b); changes != want {
			t.Fatalf("diffLines(%q, %q) makes %d changes, want %d", a, b, changes, want)
		}
	}
}

// lcs returns the length of a longest common subsequence of a and b.
func lcs(a, b []string) int {
	prev := make([]int, len(b)+1)
	for i := range a {
		cur := make([]int, len(b)+1)
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(prev[j+1], cur[j])
			}
		}
		prev = cur
	}
	return prev[len(b)]
}

func TestWriteHunks(t *testing.T) {
	a := []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18"}
	b := slices.Clone(a)
	b[1] = "two"                                     // a change near the top
	b[8] = "nine"                                    // six lines later: the contexts meet, one hunk
	b = slices.Insert(b, 17, "seventeen and a half") // far below: a hunk of its own
	var out bytes.Buffer
	if err := writeHunks(&out, diffLines(a, b)); err != nil {
		t.Fatal(err)
	}
	want := `@@ -1,12 +1,12 @@
 1
-2
+two
 3
 4
 5
 6
 7
 8
-9
+nine
 10
 11
 12
@@ -15,4 +15,5 @@
 15
 16
 17
+seventeen and a half
 18
`
	if got := out.String(); got != want {
		t.Errorf("hunks =\n%s\nwant (as diff -u prints them)\n%s", got, want)
	}
}
