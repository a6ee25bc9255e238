package lab

import (
	"context"
	"path/filepath"
	"testing"
)

// The test course, testdata/course at the repository's root, is a day
// in the shape of the real ones, with two exercises, a test to write and
// two wrong answers. The tests here and the scripts of cmd/lab share it.
var (
	courseDir = filepath.Join("..", "..", "testdata", "course")
	courseDay = Day{Name: "day01", Dir: filepath.Join(courseDir, "day01")}
	courseKey = filepath.Join(courseDir, "solutions", "day01")
)

// readCourse returns the test course's exercises and wrong answers.
func readCourse(t *testing.T) ([]Exercise, []Wrong) {
	t.Helper()
	exercises, err := Exercises(courseDay.Dir)
	if err != nil {
		t.Fatal(err)
	}
	wrongs, err := WrongAnswers(courseKey, exercises)
	if err != nil {
		t.Fatal(err)
	}
	return exercises, wrongs
}

// buildDir returns a folder to build the test course in, the same each
// run for the same key (see BuildDir), so that a run like the last links
// nothing.
func buildDir(t *testing.T, key string) string {
	t.Helper()
	dir, err := BuildDir("lab test", t.Name(), key)
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// buildCourse builds the test course's day with its holes and wrong
// answers, and the test binary of its package calc.
func buildCourse(t *testing.T, replace map[string][]byte) *Probe {
	t.Helper()
	exercises, wrongs := readCourse(t)
	dir, err := filepath.Abs(courseDay.Dir)
	if err != nil {
		t.Fatal(err)
	}
	v := &Variants{DayDir: dir, Exercises: exercises, Wrongs: wrongs, Replace: replace}
	overlay, _, err := v.Overlay()
	if err != nil {
		t.Fatal(err)
	}
	p, out, err := BuildProbe(context.Background(), dir, overlay, []string{"calc"}, buildDir(t, "probe"))
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return p
}
