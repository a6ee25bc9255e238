package lesson

import (
	"maps"
	"os"
	"path/filepath"
	"testing"
)

var headingTests = []struct {
	name string
	md   string
	want map[int]int // exercise → line of its heading
}{
	{"levels", "# Exercise 1\n\n### Exercise 2: streams\n###### Exercise 3\n", map[int]int{1: 1, 2: 3, 3: 4}},
	{"not headings", "Exercise 1\n#Exercise 2\n    # Exercise 3\n####### Exercise 4\n", map[int]int{}},
	{"inside a code block", "```\n# Exercise 1\n```\n## Exercise 2\n", map[int]int{2: 4}},
	{"first heading wins", "## Exercise 1\n## Exercise 1, again\n", map[int]int{1: 1}},
	{"whole words", "## Exercises 1 and 2\n## Exercise 12\n", map[int]int{12: 2}},
}

func TestExerciseHeadings(t *testing.T) {
	for _, tt := range headingTests {
		t.Run(tt.name, func(t *testing.T) {
			name := filepath.Join(t.TempDir(), "README.md")
			if err := os.WriteFile(name, []byte(tt.md), 0o644); err != nil {
				t.Fatal(err)
			}
			got, err := ExerciseHeadings(name)
			if err != nil {
				t.Fatalf("ExerciseHeadings: %v", err)
			}
			if !maps.Equal(got, tt.want) {
				t.Errorf("ExerciseHeadings of %q = %v, want %v", tt.md, got, tt.want)
			}
		})
	}
}
