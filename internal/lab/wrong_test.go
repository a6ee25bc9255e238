package lab

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestWrongAnswers(t *testing.T) {
	_, wrongs := readCourse(t)
	if len(wrongs) != 2 {
		t.Fatalf("WrongAnswers of the test course = %d answers, want 2", len(wrongs))
	}
	w := wrongs[0]
	w.src, w.File = nil, ""
	want := Wrong{Name: "sizes", Why: "compares how big the numbers are, which is right only for numbers that are not negative.",
		Exercise: 1, CaughtBy: []Claim{{Test: "TestMax/negative"}}, TestExercise: 3, Package: "calc", Funcs: []string{"Max", "abs"}}
	if !reflect.DeepEqual(w, want) {
		t.Errorf("WrongAnswers[0] =\n%+v\nwant\n%+v", w, want)
	}
	if got := wrongs[1].CaughtBy; !reflect.DeepEqual(got, []Claim{{Test: "TestMax/larger_first"}, {SelfCheck: "max picks the larger"}}) {
		t.Errorf("the Caught by: of %s = %v", wrongs[1].File, got)
	}
}

var badWrongTests = []struct {
	name string
	src  string
	want string // in the error
}{
	{"no header", "package calc\n\nfunc Max(a, b int) int { return a }\n", "no header"},
	{"no Caught by", "// Wrong: w\n// Exercise: 1\npackage calc\n\nfunc Max(a, b int) int { return a }\n", "no Caught by: field"},
	{"no such exercise", "// Wrong: w\n// Exercise: 9\n// Caught by: TestMax\npackage calc\n\nfunc Max(a, b int) int { return a }\n", "no exercise 9"},
	{"a claim that is no test", "// Wrong: w\n// Exercise: 1\n// Caught by: max is wrong\npackage calc\n\nfunc Max(a, b int) int { return a }\n", "neither a test name"},
	{"an unclosed quote", "// Wrong: w\n// Exercise: 1\n// Caught by: \"max\npackage calc\n\nfunc Max(a, b int) int { return a }\n", "never closed"},
	{"replaces nothing", "// Wrong: w\n// Exercise: 1\n// Caught by: TestMax\npackage calc\n\nfunc Min(a, b int) int { return a }\n", "replaces none"},
	{"a type beside the functions", "// Wrong: w\n// Exercise: 1\n// Caught by: TestMax\npackage calc\n\ntype T int\n\nfunc (T) Max() {}\n", "holds functions only"},
	{"a test exercise that is none", "// Wrong: w\n// Exercise: 1\n// Caught by: TestMax\n// Test exercise: 2\npackage calc\n\nfunc Max(a, b int) int { return a }\n", "not a write-a-test exercise"},
}

func TestBadWrongAnswers(t *testing.T) {
	exercises, _ := readCourse(t)
	for _, tt := range badWrongTests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			name := filepath.Join(dir, "wrong", "bad.go")
			if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(name, []byte(tt.src), 0o644); err != nil {
				t.Fatal(err)
			}
			_, err := WrongAnswers(dir, exercises)
			if !errors.Is(err, ErrWrongAnswer) || !strings.Contains(err.Error(), tt.want) || !strings.Contains(err.Error(), name+":") {
				t.Errorf("WrongAnswers of\n%s\n= %v, want ErrWrongAnswer at %s saying %q", tt.src, err, name, tt.want)
			}
		})
	}
}
