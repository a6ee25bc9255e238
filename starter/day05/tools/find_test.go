package tools

import (
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// TestMatchPartsRemembers checks that matchParts keeps what it works out
// in known and looks there first: it is handed an answer it could not
// have worked out itself, and the answers it must store.
func TestMatchPartsRemembers(t *testing.T) {
	known := map[[2]int]bool{{1, 1}: true} // a lie: "b" matches "c"
	if !matchParts([]string{"a", "b"}, []string{"a", "c"}, known) {
		t.Error(`matchParts([a b], [a c]) with known[{1, 1}] = true gave false, want true: look each pair of tails up in known first (see day03's exercise 5)`)
	}
	known = map[[2]int]bool{}
	matchParts([]string{"**", "x"}, []string{"a", "b"}, known)
	if match, ok := known[[2]int{2, 2}]; !ok || match {
		t.Errorf("after matchParts([** x], [a b]), known[{2, 2}] = %v, %v; want false, true: store each answer in known before returning it (see day03's exercise 5)", match, ok)
	}
}

func TestMatchGlob(t *testing.T) {
	tests := []struct {
		pattern, name string
		want          bool
	}{
		{"*.go", "calc.go", true},
		{"*.go", "sub/calc.go", false},
		{"**/*.go", "calc.go", true},
		{"**/*.go", "a/b/c/calc.go", true},
		{"**/*_test.go", "a/calc.go", false},
		{"a/**", "a/b/c", true},
		{"a/**", "a", true},
		{"a/**/c", "a/c", true},
		{"a/**/c", "a/b/b/c", true},
		{"a/**/c", "a/b/d", false},
		{"**", "anything/at/all", true},
		{"a/?.go", "a/x.go", true},
		{"a/[xy].go", "a/z.go", false},
		{"calc.go", "calc.go", true},
		{"calc.go", "calc.go/x", false},
		{"**/**/*.go", "calc.go", true},
		{"a/**/**/c", "a/b/c", true},
		{"**/a/**/a/**", "a/x/a", true},
		{"**/a/**/a/**", "x/a/x", false},
	}
	for _, tt := range tests {
		if got := matchGlob(tt.pattern, tt.name); got != tt.want {
			t.Errorf("matchGlob(%q, %q) = %v, want %v (see day03's exercise 5)", tt.pattern, tt.name, got, tt.want)
		}
	}
}

func TestFind(t *testing.T) {
	ws := tree(t, map[string]string{
		"calc.go": "", "calc_test.go": "", "sub/deep/x_test.go": "", ".git/hooks/y_test.go": "", "doc/readme.md": "",
	})
	tests := []struct {
		pattern string
		want    string
	}{
		{"**/*_test.go", "calc_test.go\nsub/deep/x_test.go\n"},
		{"*.go", "calc.go\ncalc_test.go\n"},
		{"./*.go", "calc.go\ncalc_test.go\n"},
		{"*.rs", "(nothing matches)\n"},
		{"[", `error: "[" is not a glob pattern`},
		{"", `error: "" is not a glob pattern`},
		{strings.Repeat("**/", 2000), "error: the pattern is 6000 bytes long; a pattern can be at most 4096"},
		{strings.Repeat("**/", 1000) + "*.rs", "(nothing matches)\n"},
		{strings.Repeat("**/x*/", 300) + "y", "(nothing matches)\n"},
	}
	for _, tt := range tests {
		got, err := call(t, Find{ws}, map[string]any{"pattern": tt.pattern})
		if err != nil {
			got = "error: " + err.Error()
		}
		if got != tt.want {
			t.Errorf("find %.60q = %q, want %q (see day03's exercise 5)", tt.pattern, got, tt.want)
		}
	}
}

func TestFindCaps(t *testing.T) {
	files := map[string]string{}
	for i := range maxFound + 5 {
		files["f/"+strconv.Itoa(i%10)+"/"+strconv.Itoa(i)+".txt"] = ""
	}
	ws := tree(t, files)
	got, _ := call(t, Find{ws}, map[string]any{"pattern": "**/*.txt"})
	if !strings.HasSuffix(got, "(5 more not shown; make the pattern narrower)\n") {
		t.Errorf("find over %d files ends %q, want a note that 5 were left out", maxFound+5, tail(got, 60))
	}
}

// TestMatchGlobManyStars matches a pattern of twenty-one "**" against
// paths of forty-one parts. Tried one way after another, without known,
// the ways are too many to end; TestMatchPartsRemembers, above, says why.
func TestMatchGlobManyStars(t *testing.T) {
	pattern := "**/" + strings.Repeat("a/**/", 20) + "b"
	for _, tt := range []struct {
		name string
		want bool
	}{
		{strings.Repeat("a/", 40) + "c", false},
		{strings.Repeat("a/", 40) + "b", true},
	} {
		if got := matchGlob(pattern, tt.name); got != tt.want {
			t.Errorf("matchGlob(%q, %q) = %v, want %v (see day03's exercise 5)", pattern, tt.name, got, tt.want)
		}
	}
}

// BenchmarkMatchGlobStars matches patterns of more and more "**" parts
// against a path they almost match: with known, the time grows with the
// number of pairs of tails; without it, it doubles and more with each
// "**", and the last cases would not end.
func BenchmarkMatchGlobStars(b *testing.B) {
	for _, stars := range []int{5, 10, 20, 40} {
		b.Run(fmt.Sprintf("stars=%d", stars), func(b *testing.B) {
			pattern := "**/" + strings.Repeat("a/**/", stars) + "b"
			name := strings.Repeat("a/", 2*stars) + "c"
			b.ReportAllocs()
			for b.Loop() {
				if matchGlob(pattern, name) {
					b.Fatal("it matched")
				}
			}
		})
	}
}

// TestWalkDepth makes a chain of directories deeper than a walk goes, and
// checks that find and search stop at maxDepth and say so.
func TestWalkDepth(t *testing.T) {
	ws := tree(t, map[string]string{
		strings.Repeat("d/", maxDepth) + "shallow.txt": "needle\n",
		strings.Repeat("d/", maxDepth+1) + "deep.txt":  "needle\n",
	})
	note := fmt.Sprintf("(directories more than %d deep, not looked into: 1)\n", maxDepth)
	got, err := call(t, Find{ws}, map[string]any{"pattern": "**/*.txt"})
	if want := strings.Repeat("d/", maxDepth) + "shallow.txt\n" + note; err != nil || got != want {
		t.Errorf("find **/*.txt = %.80q…, %v; want the file in a directory %d deep, and a note (needs day03's exercise 5)", got, err, maxDepth)
	}
	got, err = call(t, Search{ws}, map[string]any{"pattern": "needle"})
	if err != nil || !strings.HasSuffix(got, "shallow.txt:1: needle\n"+note) {
		t.Errorf("search needle = %.80q…, %v; want the hit in a directory %d deep, and a note (needs day03's exercise 4)", got, err, maxDepth)
	}
}
