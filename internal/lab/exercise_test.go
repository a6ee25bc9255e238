package lab

import (
	"errors"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

var exerciseTests = []struct {
	name    string
	files   map[string]string
	want    []Exercise
	wantErr error  // nil when the day is well formed
	errAt   string // where the error points, such as "a.go:5"
}{
	{
		name: "function and method",
		files: map[string]string{"a.go": `package a

// T is a thing.
type T struct{}

// F does f.
//
//lab:exercise 1 Do f.
func F() {}

// M does m.
//lab:exercise 2   Do m, then stop.
func (t *T) M() {}
`},
		want: []Exercise{
			{N: 1, File: "a.go", Func: "F", Contract: "Do f.", Line: 8},
			{N: 2, File: "a.go", Func: "T.M", Contract: "Do m, then stop.", Line: 12},
		},
	},
	{
		name: "ordered by number across folders",
		files: map[string]string{
			"b/b.go": "package b\n\n//lab:exercise 1 One.\nfunc One() {}\n",
			"a/a.go": "package a\n\n//lab:exercise 2 Two.\nfunc Two() {}\n\n//lab:exercise 1 Also one.\nfunc AlsoOne() {}\n",
		},
		want: []Exercise{
			{N: 1, File: "a/a.go", Func: "AlsoOne", Contract: "Also one.", Line: 6},
			{N: 1, File: "b/b.go", Func: "One", Contract: "One.", Line: 3},
			{N: 2, File: "a/a.go", Func: "Two", Contract: "Two.", Line: 3},
		},
	},
	{
		name:  "generic receiver",
		files: map[string]string{"a.go": "package a\n\ntype L[T any] []T\n\n//lab:exercise 1 Count.\nfunc (l L[T]) Len() int { return len(l) }\n"},
		want:  []Exercise{{N: 1, File: "a.go", Func: "L.Len", Contract: "Count.", Line: 5}},
	},
	{
		name: "testdata and nested modules are not the day's code",
		files: map[string]string{
			"a.go":                      "package a\n",
			"testdata/x.go":             "package x\n\n//lab:exercise 7 Not a hole.\nfunc X() {}\n",
			"playground/go.mod":         "module playground\n",
			"playground/p.go":           "package p\n\n//lab:exercise 9 Not a hole either.\nfunc P() {}\n",
			"_scratch/s.go":             "package s\n\n//lab:exercise 8 Nor this.\nfunc S() {}\n",
			"testdata/script/a.txtar":   "//lab:exercise nonsense\n",
			"playground/sub/deeper.go":  "package sub\n\n//lab:exercise 9 No.\nfunc D() {}\n",
			"testdata/playground/go.go": "package p\n",
		},
	},
	{
		name:    "directive inside the doc comment",
		files:   map[string]string{"a.go": "package a\n\n// F does f.\n//lab:exercise 1 Do f.\n// More words.\nfunc F() {}\n"},
		wantErr: ErrMisplaced,
		errAt:   "a.go:4",
	},
	{
		name:    "directive on a type",
		files:   map[string]string{"a.go": "package a\n\n//lab:exercise 1 Do t.\ntype T int\n"},
		wantErr: ErrMisplaced,
		errAt:   "a.go:3",
	},
	{
		name:    "directive inside a body",
		files:   map[string]string{"a.go": "package a\n\nfunc F() {\n\t//lab:exercise 1 Do f.\n}\n"},
		wantErr: ErrMisplaced,
		errAt:   "a.go:4",
	},
	{
		name:    "function without a body",
		files:   map[string]string{"a.go": "package a\n\n//lab:exercise 1 Do f.\nfunc F()\n"},
		wantErr: ErrMisplaced,
		errAt:   "a.go:3",
	},
	{
		name:    "number zero",
		files:   map[string]string{"a.go": "package a\n\n//lab:exercise 0 Do f.\nfunc F() {}\n"},
		wantErr: ErrBadNumber,
		errAt:   "a.go:3",
	},
	{
		name:    "number missing",
		files:   map[string]string{"a.go": "package a\n\n//lab:exercise Do f.\nfunc F() {}\n"},
		wantErr: ErrBadNumber,
		errAt:   "a.go:3",
	},
	{
		name:    "no contract",
		files:   map[string]string{"a.go": "package a\n\n//lab:exercise 1  \nfunc F() {}\n"},
		wantErr: ErrNoContract,
		errAt:   "a.go:3",
	},
	{
		name:    "misspelt directive",
		files:   map[string]string{"a.go": "package a\n\n//lab:exrecise 1 Do f.\nfunc F() {}\n"},
		wantErr: ErrLookalike,
		errAt:   "a.go:3",
	},
	{
		name:    "space after the slashes",
		files:   map[string]string{"a.go": "package a\n\n// F does f.\n//\n// lab:exercise 1 Do f.\nfunc F() {}\n"},
		wantErr: ErrLookalike,
		errAt:   "a.go:5",
	},
	{
		name:    "space before the colon, in a body",
		files:   map[string]string{"a.go": "package a\n\nfunc F() {\n\t//lab :hint Do f.\n}\n"},
		wantErr: ErrLookalike,
		errAt:   "a.go:4",
	},
	{
		name:    "capital letter",
		files:   map[string]string{"a.go": "package a\n\n//Lab:exercise 1 Do f.\nfunc F() {}\n"},
		wantErr: ErrLookalike,
		errAt:   "a.go:3",
	},
	{
		name:    "no space after the word",
		files:   map[string]string{"a.go": "package a\n\n//lab:exercise1 Do f.\nfunc F() {}\n"},
		wantErr: ErrLookalike,
		errAt:   "a.go:3",
	},
	{
		name: "hints",
		files: map[string]string{"a.go": `package a

// F does f.
//
//lab:exercise 1 Do f.
//lab:hint Look at g.
//lab:hint   Loop, then stop.
func F() {}

// G does g.
//
//lab:exercise 1 Do g.
func G() {}
`},
		want: []Exercise{
			{N: 1, File: "a.go", Func: "F", Contract: "Do f.", Hints: []string{"Look at g.", "Loop, then stop."}, Line: 5, HintLine: 6},
			{N: 1, File: "a.go", Func: "G", Contract: "Do g.", Line: 12},
		},
	},
	{
		name: "the sidecar holds the ladder and the other functions",
		files: map[string]string{"a.go": `package a

// F does f.
//
//lab:exercise 1 Do f.
func F() {}

// G does g.
func G() {}

// H does h.
func H() {}
`, "lab.md": "# The lab\n\nWords, and `code`.\n\n## Exercise 1: `F` in a.go\n\n1. Look at g.\n2. Loop,\n   then stop.\n\n- `H` in a.go: Do h.\n- `G` in a.go: Do g,\n  and stop.\n"},
		want: []Exercise{
			{N: 1, File: "a.go", Func: "F", Contract: "Do f.", Hints: []string{"Look at g.", "Loop, then stop."}, Line: 5},
			{N: 1, File: "a.go", Func: "G", Contract: "Do g, and stop.", Line: 9, Listed: 12},
			{N: 1, File: "a.go", Func: "H", Contract: "Do h.", Line: 12, Listed: 11},
		},
	},
	{
		name:    "the sidecar's heading names another function",
		files:   map[string]string{"a.go": "package a\n\n//lab:exercise 1 Do f.\nfunc F() {}\n", "lab.md": "## Exercise 1: `G` in a.go\n\n1. Look.\n"},
		wantErr: ErrSidecar,
		errAt:   "lab.md:1",
	},
	{
		name:    "the sidecar's exercise has no contract in the code",
		files:   map[string]string{"a.go": "package a\n\n//lab:exercise 1 Do f.\nfunc F() {}\n", "lab.md": "## Exercise 1: `F` in a.go\n\n## Exercise 2: `G` in a.go\n"},
		wantErr: ErrSidecar,
		errAt:   "lab.md:3",
	},
	{
		name:    "the sidecar lists a function that is not there",
		files:   map[string]string{"a.go": "package a\n\n//lab:exercise 1 Do f.\nfunc F() {}\n", "lab.md": "## Exercise 1: `F` in a.go\n\n- `G` in a.go: Do g.\n"},
		wantErr: ErrSidecar,
		errAt:   "lab.md:3",
	},
	{
		name:    "the sidecar lists a function with its own contract",
		files:   map[string]string{"a.go": "package a\n\n//lab:exercise 1 Do f.\nfunc F() {}\n\n//lab:exercise 1 Do g.\nfunc G() {}\n", "lab.md": "## Exercise 1: `F` in a.go\n\n- `G` in a.go: Do g.\n"},
		wantErr: ErrSidecar,
		errAt:   "lab.md:3",
	},
	{
		name:    "a ladder in the code and in the sidecar",
		files:   map[string]string{"a.go": "package a\n\n//lab:exercise 1 Do f.\n//lab:hint Look.\nfunc F() {}\n", "lab.md": "## Exercise 1: `F` in a.go\n\n1. Look.\n"},
		wantErr: ErrSidecar,
		errAt:   "lab.md:1",
	},
	{
		name:    "a sidecar line that means nothing",
		files:   map[string]string{"a.go": "package a\n\n//lab:exercise 1 Do f.\nfunc F() {}\n", "lab.md": "## Exercise 1: `F` in a.go\n\n1. Look.\nLoop.\n"},
		wantErr: ErrSidecar,
		errAt:   "lab.md:4",
	},
	{
		name:    "hints out of order",
		files:   map[string]string{"a.go": "package a\n\n//lab:exercise 1 Do f.\nfunc F() {}\n", "lab.md": "## Exercise 1: `F` in a.go\n\n1. Look.\n3. Loop.\n"},
		wantErr: ErrSidecar,
		errAt:   "lab.md:4",
	},
	{
		name:    "a heading that is not an exercise's",
		files:   map[string]string{"a.go": "package a\n\n//lab:exercise 1 Do f.\nfunc F() {}\n", "lab.md": "# Lab\n\n## Exercise one\n"},
		wantErr: ErrSidecar,
		errAt:   "lab.md:3",
	},
	{
		name:    "hint without an exercise",
		files:   map[string]string{"a.go": "package a\n\n//lab:hint Look.\nfunc F() {}\n"},
		wantErr: ErrHintAlone,
		errAt:   "a.go:3",
	},
	{
		name:    "hint before the exercise",
		files:   map[string]string{"a.go": "package a\n\n//lab:hint Look.\n//lab:exercise 1 Do f.\nfunc F() {}\n"},
		wantErr: ErrHintAlone,
		errAt:   "a.go:3",
	},
	{
		name:    "hint with no text",
		files:   map[string]string{"a.go": "package a\n\n//lab:exercise 1 Do f.\n//lab:hint\nfunc F() {}\n"},
		wantErr: ErrMisplaced,
		errAt:   "a.go:3",
	},
	{
		name:    "hints on the second function of an exercise",
		files:   map[string]string{"a.go": "package a\n\n//lab:exercise 1 Do f.\nfunc F() {}\n\n//lab:exercise 1 Do g.\n//lab:hint Look.\nfunc G() {}\n"},
		wantErr: ErrHintPlace,
		errAt:   "a.go:6",
	},
	{
		name:  "a test the student writes",
		files: map[string]string{"a_test.go": "package a\n\nimport \"testing\"\n\n//lab:exercise 1 Catch the bug.\n//lab:hint Call F.\n//lab:hint Compare.\nfunc TestF(t *testing.T) {}\n"},
		want:  []Exercise{{N: 1, File: "a_test.go", Func: "TestF", Contract: "Catch the bug.", Hints: []string{"Call F.", "Compare."}, Line: 5, HintLine: 6, Test: true}},
	},
	{
		name:    "a helper of a test is no test",
		files:   map[string]string{"a_test.go": "package a\n\nimport \"testing\"\n\n//lab:exercise 1 Help.\nfunc helper(t *testing.T) {}\n"},
		wantErr: ErrNotATest,
		errAt:   "a_test.go:5",
	},
	{
		name:    "a test the student writes, with other functions",
		files:   map[string]string{"a.go": "package a\n\n//lab:exercise 1 Do f.\nfunc F() {}\n", "a_test.go": "package a\n\nimport \"testing\"\n\n//lab:exercise 1 Test f.\nfunc TestF(t *testing.T) {}\n"},
		wantErr: ErrNotATest,
	},
	{
		name:    "gap in the numbers",
		files:   map[string]string{"a.go": "package a\n\n//lab:exercise 1 One.\nfunc F() {}\n\n//lab:exercise 3 Three.\nfunc G() {}\n"},
		wantErr: ErrGap,
	},
}

func TestExercises(t *testing.T) {
	for _, tt := range exerciseTests {
		t.Run(tt.name, func(t *testing.T) {
			dir := newDay(t, tt.files)
			got, err := Exercises(dir)
			if tt.wantErr == nil {
				if err != nil {
					t.Fatalf("Exercises = error %v, want none", err)
				}
				if !reflect.DeepEqual(got, tt.want) {
					t.Errorf("Exercises =\n\t%+v\nwant\n\t%+v", got, tt.want)
				}
				return
			}
			if !errors.Is(err, tt.wantErr) {
				t.Fatalf("Exercises = error %v, want %v", err, tt.wantErr)
			}
			if at := filepath.Join(dir, tt.errAt) + ":"; tt.errAt != "" && !strings.Contains(err.Error(), at) {
				t.Errorf("Exercises = error %q, want it to point at %s", err, tt.errAt)
			}
		})
	}
}

// TestExercisesReportsAll checks that one run names every mistake, so that
// an instructor fixes them all at once.
func TestExercisesReportsAll(t *testing.T) {
	dir := newDay(t, map[string]string{
		"a.go": "package a\n\n//lab:exercise 0 Zero.\nfunc F() {}\n",
		"b.go": "package a\n\n//lab:exercise 1\nfunc G() {}\n",
	})
	_, err := Exercises(dir)
	for _, want := range []error{ErrBadNumber, ErrNoContract} {
		if !errors.Is(err, want) {
			t.Errorf("Exercises = error %v, want it to include %v", err, want)
		}
	}
}
