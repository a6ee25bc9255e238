package lab

import (
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestProbe builds the test course once and runs its variants: the day,
// the starter, an exercise alone, and each wrong answer.
func TestProbe(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a day")
	}
	p := buildCourse(t, nil)
	checks, err := SelfChecks(courseDay.Dir)
	if err != nil {
		t.Fatal(err)
	}
	day := DoneTags(1, 2, 3)
	wrong := func(name string) []string { return append(DoneTags(1, 2, 3), WrongTag(name)) }
	selfCheck := []struct {
		name   string
		tags   []string
		tally  Tally
		passed []string // the checks that pass
	}{
		{"the day", day, Tally{3, 3}, []string{"max picks the larger", "sum adds every number", "the sum of nothing is 0"}},
		{"the starter", nil, Tally{1, 3}, []string{"the sum of nothing is 0"}},
		{"exercise 1 alone", DoneTags(1), Tally{2, 3}, []string{"max picks the larger", "the sum of nothing is 0"}},
		{"a wrong answer", append(DoneTags(1, 2, 3), WrongTag("smaller")), Tally{2, 3}, []string{"sum adds every number", "the sum of nothing is 0"}},
		{"a wrong answer with a helper", append(DoneTags(1, 2, 3), WrongTag("sizes")), Tally{3, 3}, []string{"max picks the larger", "sum adds every number", "the sum of nothing is 0"}},
	}
	for _, tt := range selfCheck {
		out, _ := p.SelfCheck(t.Context(), tt.tags...)
		r, err := ReadReport(out, checks)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		var passed []string
		for _, c := range checks {
			if r.Passed[c.Name] {
				passed = append(passed, c.Name)
			}
		}
		if r.Tally != tt.tally || strings.Join(passed, "|") != strings.Join(tt.passed, "|") {
			t.Errorf("%s (%s): self-check %s, passing %q; want %s, passing %q\n%s", tt.name, tt.tags, r.Tally, passed, tt.tally, tt.passed, out)
		}
	}

	tests := []struct {
		test   string
		tags   []string
		passed bool
	}{
		{"TestMax/negative", day, true},
		{"TestMax/negative", nil, false},
		{"TestMax/negative", wrong("sizes"), false},
		{"TestMax/larger_first", wrong("sizes"), true},
		{"TestMax/larger_first", wrong("smaller"), false},
		{"TestMaxOfNegatives", day, true},
		{"TestMaxOfNegatives", DoneTags(1, 2), false},
		{"TestMaxOfNegatives", wrong("sizes"), false},
	}
	for _, tt := range tests {
		res, err := p.Test(t.Context(), "calc", tt.test, time.Minute, tt.tags...)
		if err != nil || !res.Ran || res.Passed != tt.passed {
			t.Errorf("%s with %q: ran %v, passed %v (%v); want passed %v\n%s", tt.test, tt.tags, res.Ran, res.Passed, err, tt.passed, res.Output)
		}
	}
	if res, _ := p.Test(t.Context(), "calc", "TestNothing", time.Minute, day...); res.Ran {
		t.Errorf("a test that does not exist ran:\n%s", res.Output)
	}

	// A self-check of some lines runs those alone, in the table's order.
	out, _ := p.SelfCheckOf(t.Context(), []string{"the sum of nothing is 0", "max picks the larger"}, wrong("smaller")...)
	if want := "✗ max picks the larger: Max(2, 7) = 2, want 7 — see exercise 1\n✓ the sum of nothing is 0\n1/2 passed\n"; out != want {
		t.Errorf("the self-check of two lines printed\n%s\nwant\n%s", out, want)
	}
}

// TestTestHolds checks a student's test the way status does: against the
// day and the wrong answers it must catch.
func TestTestHolds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a day")
	}
	exercises, wrongs := readCourse(t)
	e := Of(exercises, 3)[0]
	dir, err := filepath.Abs(courseDay.Dir)
	if err != nil {
		t.Fatal(err)
	}
	mine := func(body string) map[string][]byte {
		return map[string][]byte{e.File: []byte("package calc\n\nimport \"testing\"\n\nfunc TestMax(t *testing.T) {}\n\nfunc TestSum(t *testing.T) {}\n\nfunc TestMaxOfNegatives(t *testing.T) {\n" + body + "}\n")}
	}
	tests := []struct {
		name string
		body string
		want string // in the error; "" for none
	}{
		{"catches both", "\tif Max(-5, -3) != -3 {\n\t\tt.Error(\"no\")\n\t}\n", ""},
		{"positive numbers only", "\tif Max(3, 5) != 5 {\n\t\tt.Error(\"no\")\n\t}\n", "wrong/sizes.go"},
		{"fails on the day", "\tt.Error(\"always\")\n", "fails on the reference day"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			err := TestHolds(t.Context(), dir, exercises, e, wrongs, mine(tt.body), buildDir(t, "holds"))
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("TestHolds = %v, want nil", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("TestHolds = %v, want an error that says %q", err, tt.want)
			}
		})
	}
}
