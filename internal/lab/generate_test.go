package lab

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// courseFiles is a small course: one day with one exercise.
var courseFiles = map[string]string{
	"day01/go.mod":              testModule,
	"day01/a.go":                "package a\n\n// One is one.\n//\n//lab:exercise 1 Return one.\nfunc One() int { return 1 }\n",
	"day01/b.go":                "package a\n\nfunc Two() int { return 2 }\n",
	"day01/README.md":           "# Day 1\n",
	"day02/notes.txt":           "a day folder without go.mod is not a day yet\n",
	"solutions/day01/README.md": "# Answers, by hand\n",
}

func TestGenerateThenCheck(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, courseFiles)

	changed, err := Generate(root, false)
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	want := []string{
		"solutions/README.md: created",
		"solutions/day01/a.go: created",
		"solutions/go.mod: created",
		"starter/README.md: created",
		"starter/day01/README.md: created",
		"starter/day01/a.go: created",
		"starter/day01/b.go: created",
		"starter/day01/go.mod: created",
		"starter/go.work: created",
		"starter/lab.sum: created",
	}
	if !slices.Equal(changed, want) {
		t.Errorf("Generate on a new course =\n\t%s\nwant\n\t%s", strings.Join(changed, "\n\t"), strings.Join(want, "\n\t"))
	}
	assertCurrent(t, root)

	wantFiles := map[string]string{
		"starter/go.work":           "go 1.25.0\n\nuse (\n\t./day01\n)\n",
		"solutions/go.mod":          "module ply/solutions\n\ngo 1.25.0\n",
		"solutions/day01/a.go":      courseFiles["day01/a.go"],
		"solutions/day01/README.md": courseFiles["solutions/day01/README.md"],
		"starter/day01/b.go":        courseFiles["day01/b.go"],
	}
	for name, want := range wantFiles {
		if got := readFile(t, root, name); got != want {
			t.Errorf("after Generate, %s = %q, want %q", name, got, want)
		}
	}
	if got := readFile(t, root, "starter/day01/a.go"); !strings.Contains(got, "// TODO(lab 1): Return one.") {
		t.Errorf("after Generate, starter/day01/a.go has no hole:\n%s", got)
	}
}

func TestCheckFindsWhatIsOutOfDate(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, courseFiles)
	if _, err := Generate(root, false); err != nil {
		t.Fatalf("Generate: %v", err)
	}
	writeFiles(t, root, map[string]string{
		"solutions/day01/old/gone.go":   "package old\n",
		"solutions/day01/wrong/bad.go":  "// Wrong: by hand\npackage a\n",
		"starter/day01/day01":           "a binary go build left\n",
		"starter/day01/x.test":          "a test binary\n",
		"starter/go.work.sum":           "what the go command wrote\n",
		"starter/_saved/old/day01/a.go": "what a student had\n",
	})
	if err := os.Remove(filepath.Join(root, "solutions", "go.mod")); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(filepath.Join(root, "starter", "go.work"), 0o755); err != nil {
		t.Fatal(err)
	}

	got, err := Check(root)
	if err != nil {
		t.Fatalf("Check: %v", err)
	}
	want := []string{
		"solutions/day01/old/gone.go: extra",
		"solutions/go.mod: missing",
		"starter/go.work: stale",
	}
	if !slices.Equal(got, want) {
		t.Errorf("Check =\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}

	fixed, err := Generate(root, false)
	if err != nil {
		t.Fatalf("Generate: %v", err)
	}
	wantFixed := []string{
		"solutions/day01/old/gone.go: deleted",
		"solutions/go.mod: created",
		"starter/go.work: updated",
	}
	if !slices.Equal(fixed, wantFixed) {
		t.Errorf("Generate =\n\t%s\nwant\n\t%s", strings.Join(fixed, "\n\t"), strings.Join(wantFixed, "\n\t"))
	}
	assertCurrent(t, root)
	if _, err := os.Stat(filepath.Join(root, "solutions", "day01", "old")); !os.IsNotExist(err) {
		t.Errorf("after Generate, solutions/day01/old: %v, want it gone with the file it held", err)
	}
	for _, name := range []string{"starter/day01/day01", "starter/day01/x.test", "starter/go.work.sum", "solutions/day01/README.md",
		"solutions/day01/wrong/bad.go", "starter/_saved/old/day01/a.go"} {
		if _, err := os.Stat(filepath.Join(root, filepath.FromSlash(name))); err != nil {
			t.Errorf("after Generate, %s: %v, want it left alone", name, err)
		}
	}
}

// TestGenerateKeepsStudentWork checks that Generate overwrites and deletes
// no starter file a student changed or made, unless forced, and then
// saves them first.
func TestGenerateKeepsStudentWork(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, courseFiles)
	if _, err := Generate(root, false); err != nil {
		t.Fatalf("Generate: %v", err)
	}
	filled := "package a\n\n// One is one.\nfunc One() int { return 1 }\n"
	writeFiles(t, root, map[string]string{
		"starter/day01/a.go":     filled,
		"starter/day01/mine.go":  "package a\n\n// mine is a helper of my own.\nfunc mine() {}\n",
		"day01/b.go":             "package a\n\nfunc Two() int { return 2 } // changed in the day\n",
		"day01/c.go":             "package a\n",
		"starter/day01/extra.md": "",
	})
	if err := os.Remove(filepath.Join(root, "starter", "day01", "extra.md")); err != nil {
		t.Fatal(err)
	}

	kept, err := Generate(root, false)
	if !errors.Is(err, ErrStudentWork) {
		t.Fatalf("Generate with a filled hole = %v, want ErrStudentWork", err)
	}
	if want := []string{"starter/day01/a.go", "starter/day01/mine.go"}; !slices.Equal(kept, want) {
		t.Errorf("Generate with a filled hole and a file of the student's kept %q, want %q", kept, want)
	}
	if got := readFile(t, root, "starter/day01/a.go"); got != filled {
		t.Errorf("after a refused Generate, starter/day01/a.go = %q, want the student's %q", got, filled)
	}
	if _, err := os.Stat(filepath.Join(root, "starter", "day01", "c.go")); !os.IsNotExist(err) {
		t.Errorf("after a refused Generate, starter/day01/c.go: %v, want nothing written at all", err)
	}

	forced, err := Generate(root, true)
	if err != nil {
		t.Fatalf("Generate -force: %v", err)
	}
	if len(forced) == 0 || !strings.HasPrefix(forced[0], "starter/_saved/") {
		t.Fatalf("Generate -force = %q, want it to say first where it saved the student's files", forced)
	}
	saved, _, _ := strings.Cut(forced[0], ":")
	if got := readFile(t, root, saved+"/day01/a.go"); got != filled {
		t.Errorf("Generate -force saved a.go as %q, want %q", got, filled)
	}
	if got := readFile(t, root, saved+"/day01/mine.go"); !strings.Contains(got, "mine is a helper") {
		t.Errorf("Generate -force saved mine.go as %q, want the student's file", got)
	}
	assertCurrent(t, root)
}

func TestCheckRefusesABadDay(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, courseFiles)
	writeFiles(t, root, map[string]string{"day01/c.go": "package a\n\n//lab:exercise 3 Three.\nfunc Three() {}\n"})
	if _, err := Check(root); err == nil || !strings.Contains(err.Error(), "no exercise 2") {
		t.Errorf("Check with exercises 1 and 3 = %v, want an error about exercise 2", err)
	}
}

// assertCurrent fails the test when Check finds anything under root.
func assertCurrent(t *testing.T, root string) {
	t.Helper()
	stale, err := Check(root)
	if err != nil {
		t.Fatalf("Check: %v", err)
	}
	if len(stale) > 0 {
		t.Errorf("Check right after Generate =\n\t%s\nwant nothing", strings.Join(stale, "\n\t"))
	}
}

// readFile returns the content of the file name, slash-separated, under root.
func readFile(t *testing.T, root, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

var buildOutputTests = []struct {
	name string
	want bool
}{
	{"day01/day01", true},
	{"day01/ply", true},
	{"starter/day07/day07", true},
	{"day01/llm/llm.test", true},
	{"day01/cpu.prof", true},
	{"day01/c.out", true},
	{"day01/ply.exe", true},
	{"day01/main.go", false},
	{"day01/cmd/ply", false},
	{"day01/day02", false},
	{"notes/ply", false},
}

func TestIsBuildOutput(t *testing.T) {
	for _, tt := range buildOutputTests {
		if got := isBuildOutput(tt.name); got != tt.want {
			t.Errorf("isBuildOutput(%q) = %v, want %v", tt.name, got, tt.want)
		}
	}
}

func TestDays(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"day01/go.mod":  testModule,
		"day02/main.go": "package main\n",
		"day03/go.mod":  testModule,
		"dayX/go.mod":   testModule,
		"day4/go.mod":   testModule,
		"day05":         "a file, not a folder\n",
	})
	days, err := Days(root)
	if err != nil {
		t.Fatalf("Days: %v", err)
	}
	want := []Day{{"day01", filepath.Join(root, "day01")}, {"day03", filepath.Join(root, "day03")}}
	if !slices.Equal(days, want) {
		t.Errorf("Days = %v, want %v", days, want)
	}
}

// TestGenerateCopiesTheSums checks that the starter's workspace gets the
// root's go.work.sum, which holds what the same modules need, and that a
// go.work.sum of the starter's own is left alone when the root has none.
func TestGenerateCopiesTheSums(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, courseFiles)
	writeFiles(t, root, map[string]string{"starter/go.work.sum": "written by the go command\n"})
	if _, err := Generate(root, false); err != nil {
		t.Fatalf("Generate: %v", err)
	}
	if got := readFile(t, root, "starter/go.work.sum"); got != "written by the go command\n" {
		t.Errorf("with no go.work.sum at the root, starter/go.work.sum = %q, want it left alone", got)
	}
	writeFiles(t, root, map[string]string{"go.work.sum": "example.com/m v1.0.0/go.mod h1:x=\n"})
	if _, err := Generate(root, true); err != nil {
		t.Fatalf("Generate: %v", err)
	}
	if got := readFile(t, root, "starter/go.work.sum"); got != "example.com/m v1.0.0/go.mod h1:x=\n" {
		t.Errorf("starter/go.work.sum = %q, want the root's", got)
	}
	assertCurrent(t, root)
}

func TestFindRoot(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, courseFiles)
	writeFiles(t, root, map[string]string{"go.work": "go 1.25.0\n\nuse ./day01\n"})
	if _, err := Generate(root, false); err != nil {
		t.Fatalf("Generate: %v", err)
	}
	for _, dir := range []string{".", "day01", "starter", "starter/day01", "solutions/day01"} {
		got, err := FindRoot(filepath.Join(root, dir))
		if err != nil || got != root {
			t.Errorf("FindRoot(%s) = %q, %v; want %q", dir, got, err, root)
		}
	}
	if got, err := FindRoot(filepath.Dir(root)); err == nil {
		t.Errorf("FindRoot above the course = %q, want an error", got)
	}
}
