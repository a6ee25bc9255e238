package lab

import (
	"slices"
	"strings"
	"testing"
)

func TestMutants(t *testing.T) {
	exercises, _ := readCourse(t)
	ms, err := Mutants(courseDay.Dir, exercises)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for i, m := range ms {
		if m.ID != i+1 {
			t.Errorf("mutant %d has id %d, want ids 1, 2, 3 … in order", i+1, m.ID)
		}
		got = append(got, m.String())
	}
	want := []string{
		"calc/calc.go:8: > → >= (Max, exercise 1)",
		"calc/calc.go:8: > → < (Max, exercise 1)",
		"calc/calc.go:8: negate a > b (Max, exercise 1)",
		"calc/calc.go:18: 0 → 1 (Sum, exercise 2)",
		"calc/calc.go:18: 0 → -1 (Sum, exercise 2)",
		"calc/calc.go:20: += → -= (Sum, exercise 2)",
	}
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("Mutants has no %q; it has\n\t%s", w, strings.Join(got, "\n\t"))
		}
	}
	for _, m := range ms {
		if m.Exercise == 3 {
			t.Errorf("mutant %s of a test the student writes: tests have none", m)
		}
	}
}

var mutateTests = []struct {
	body string // the body of func f(a, b int, ok bool) int
	want []string
}{
	{"if a <= b && ok {\n\t\treturn 1\n\t}\n\treturn 0", []string{"<= → <", "&& → ||", "negate a <= b && ok", "1 → 2", "1 → 0", "0 → 1", "0 → -1"}},
	{"for i := 0; i < a; i++ {\n\t\tif !ok {\n\t\t\tbreak\n\t\t}\n\t}\n\treturn a - b", []string{"< → <=", "< → >", "negate i < a", "++ → --", "delete i++", "delete ! of !ok", "delete break", "- → +"}},
	{"ok = true\n\treturn a", []string{"true → false", "delete ok = true"}},
}

func TestMutate(t *testing.T) {
	for _, tt := range mutateTests {
		src := "package p\n\nfunc f(a, b int, ok bool) int {\n\t" + tt.body + "\n}\n"
		sf, err := parseSourceText("f.go", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, m := range sf.mutate(sf.fn("f")) {
			got = append(got, m.Change)
		}
		for _, w := range tt.want {
			if !slices.Contains(got, w) {
				t.Errorf("mutants of\n%s\nhave no %q; they are %q", tt.body, w, got)
			}
		}
	}
}

// TestRunMutants runs the test course's mutants: every one is killed but
// a >= b, which is no bug in Max.
func TestRunMutants(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a day and runs its tests for each mutant")
	}
	r, err := RunMutants(t.Context(), courseDay, buildDir(t, "mutants"), MutantOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var survivors []string
	for _, res := range r.Results {
		if !res.Killed {
			survivors = append(survivors, res.Change)
		}
	}
	if want := []string{"> → >="}; !slices.Equal(survivors, want) {
		t.Errorf("survivors = %q, want %q", survivors, want)
	}
	if killed, total := r.Score(2); killed != total || total == 0 {
		t.Errorf("exercise 2: %d/%d killed, want all", killed, total)
	}
}
