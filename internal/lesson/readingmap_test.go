package lesson

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestMapProblems(t *testing.T) {
	hundred := strings.Repeat("x\n", 100)
	tests := []struct {
		name   string
		lesson string
		want   []string // a part of each error, in order
	}{
		{"a true map", "# Day\n\n## Reading map\n\n| 1 | [a.go](a.go) | 100 |\n\nThen [the lab](#the-lab).\n", nil},
		{"one line off", "## Reading map\n| [a.go](a.go) | 101 |\n[lab](#the-lab)\n", []string{"lesson.md:2: the reading map says 101 lines, but the files it links hold 100"}},
		{"two files add up", "## Reading map\n| [a.go](a.go), [b.go](b.go) | 103 |\n[lab](#the-lab)\n", nil},
		{"no map", "# Day\n\n## Why\n", []string{`no "## Reading map" section`}},
		{"a stale length", "## Reading map\n| [a.go](a.go) | 150 |\n[lab](#the-lab)\n", []string{"lesson.md:2: the reading map says 150 lines, but the files it links hold 100"}},
		{"a missing file", "## Reading map\n| [gone.go](gone.go) | 10 |\n[lab](#the-lab)\n", []string{"links gone.go, which cannot be read"}},
		{"no link to the lab", "## Reading map\n| [a.go](a.go) | 100 |\n", []string{"does not link to the lab"}},
		{"the lab's link after the map does not count", "## Reading map\n| [a.go](a.go) | 100 |\n## Why\n[lab](#the-lab)\n", []string{"does not link to the lab"}},
		{"too far down", strings.Repeat("text\n", 50) + "## Reading map\n[lab](#the-lab)\n", []string{"starts at line 51"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			for name, text := range map[string]string{"a.go": hundred, "b.go": "x\nx\nx\n", "lesson.md": tt.lesson} {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			errs := MapProblems(filepath.Join(dir, "lesson.md"), dir)
			if len(errs) != len(tt.want) {
				t.Fatalf("MapProblems = %v, want %d errors", errs, len(tt.want))
			}
			for i, err := range errs {
				if !strings.Contains(err.Error(), tt.want[i]) {
					t.Errorf("error %d = %q, want it to say %q", i, err, tt.want[i])
				}
			}
		})
	}
}

// TestUpdateWritesTheReadingMap checks that the lab writes the lengths of
// a reading map, and names each it changed.
func TestUpdateWritesTheReadingMap(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, filepath.Join(dir, "a.go"), strings.Repeat("x\n", 100))
	writeFile(t, filepath.Join(dir, "b.go"), "x\nx\nx\n")
	lesson := filepath.Join(dir, "README.md")
	writeFile(t, lesson, "# Day\n\n## Reading map\n\n| # | file | lines | what |\n|---|---|---|---|\n| 1 | [a.go](a.go) | 90 | the first 12 |\n| 2 | [b.go](b.go), [a.go](a.go) | 103 | 7 |\n| 3 | [b.go](b.go) | 3 | |\n\n[lab](#the-lab)\n\n## Why\n\n| [a.go](a.go) | 5 |\n")
	rewrites, err := Update(lesson, dir)
	if err != nil {
		t.Fatal(err)
	}
	want := []Rewrite{{Line: 7, What: "reading map", Old: "90", New: "100"}}
	if !reflect.DeepEqual(rewrites, want) {
		t.Errorf("Update = %+v, want %+v", rewrites, want)
	}
	if got := readFile(t, lesson); !strings.Contains(got, "| 1 | [a.go](a.go) | 100 | the first 12 |\n| 2 | [b.go](b.go), [a.go](a.go) | 103 | 7 |") || !strings.Contains(got, "| [a.go](a.go) | 5 |") {
		t.Errorf("after Update the lesson is\n%s\nwant the map's first row to say 100, and the rest as it was", got)
	}
	if errs := MapProblems(lesson, dir); len(errs) != 0 {
		t.Errorf("MapProblems after Update = %v, want none", errs)
	}
}
