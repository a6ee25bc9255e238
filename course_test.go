// Package course_test holds the course-wide checks that read every day
// and build none. From the repository's root, go test work runs them with
// every day's own tests and each day's lab checks, which are a package per
// day under checks/ (see ply/internal/course). Each check protects a
// promise the course makes, and its failure says which:
//
//   - TestGeneratedTreesAreCurrent: starter/, solutions/ and checks/ are
//     what go run ply/cmd/lab makes of the days, so a student works on
//     today's code;
//   - TestWorkspacesUseEveryDay: go.work and starter/go.work use every
//     day, and the starter's the root module too;
//   - TestWorkspaceSumsAreComplete: no go command writes to go.work.sum;
//   - TestLessonQuotes, TestLessonsHaveExerciseHeadings: every quote equals
//     the code, every line a lesson cites is where the code has it, every
//     name of code in its prose is one the code has, and every exercise
//     has its heading;
//   - TestReadingMaps: every lesson opens with the files to read, in
//     order, their lengths exact, and a link to its lab;
//   - TestLaterDaysCarryEachChange: a change to code a day inherits is in
//     the days around it too, so that the diff between two days is the
//     later one's layer;
//   - TestLabFormat: the days are in the lab's format, version 2: short
//     contracts, hint ladders in lab.md, a test to write, no unchecked
//     claims;
//   - TestMessagesNameTheirDay (pointers_test.go): a test message a day
//     inherits names the day whose exercise it means.
//
// The fast loops: go test . runs these in seconds; go test ./checks/day03
// checks day 3's lab.
package course_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"ply/internal/lab"
	"ply/internal/lesson"
)

func TestGeneratedTreesAreCurrent(t *testing.T) {
	stale, err := lab.Check(".")
	if err != nil {
		t.Fatal(err)
	}
	if len(stale) > 0 {
		t.Errorf("starter/ and solutions/ are not what the days make; run go run ./cmd/lab\n\t%s", strings.Join(stale, "\n\t"))
	}
}

func TestWorkspacesUseEveryDay(t *testing.T) {
	workspaces := []struct{ file, fix string }{
		{"go.work", "go work use ./%s"},
		{"starter/go.work", "go run ./cmd/lab"},
	}
	days := courseDays(t)
	for _, w := range workspaces {
		used, err := workspaceUses(t, w.file)
		if err != nil {
			t.Error(err)
			continue
		}
		for _, d := range days {
			if !used[d.Name] {
				t.Errorf("%s does not use ./%s; run "+w.fix, w.file, d.Name, d.Name)
			}
		}
	}
	if used, err := workspaceUses(t, "starter/go.work"); err == nil && !used[".."] {
		t.Errorf("starter/go.work does not use .., the root module, so %s does not work from a starter's folder; run go run ./cmd/lab", lab.Command)
	}
}

// TestWorkspaceSumsAreComplete checks that go.work.sum holds every sum
// the workspace needs, so that no go command, go doc included, writes to
// it or to starter/go.work.sum, its copy: it asks the go command for the
// whole module graph in a copy of the workspace's files, and compares.
func TestWorkspaceSumsAreComplete(t *testing.T) {
	dir := t.TempDir()
	files := []string{"go.work", "go.work.sum", "go.mod", "go.sum"}
	for _, d := range courseDays(t) {
		files = append(files, filepath.Join(d.Name, "go.mod"), filepath.Join(d.Name, "go.sum"))
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(filepath.Join(dir, filepath.Dir(f)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := goCommand(t, dir, "list", "-m", "all").CombinedOutput(); err != nil {
		t.Fatalf("go list -m all in a copy of the workspace: %v\n%s", err, out)
	}
	before, _ := os.ReadFile("go.work.sum")
	after, _ := os.ReadFile(filepath.Join(dir, "go.work.sum"))
	if !bytes.Equal(before, after) {
		t.Errorf("go.work.sum misses sums the workspace needs, so go commands write them there and into starter/go.work.sum; run go list -m all at the root, then go run ./cmd/lab")
	}
}

// TestLabFormat checks that the days are written in the lab's format,
// version 2, which the days are being converted to: each failure names
// the place to change. A contract of at most three lines and two or three
// hints per exercise; a write-a-test exercise with wrong answers to catch;
// no transcript or "turns green" without a marker; and each wrong answer
// an answer key describes under a "Wrong" heading kept as code.
func TestLabFormat(t *testing.T) {
	for _, d := range courseDays(t) {
		t.Run(d.Name, func(t *testing.T) {
			exercises, err := lab.Exercises(d.Dir)
			if err != nil {
				t.Fatal(err)
			}
			keyDir := filepath.Join("solutions", d.Name)
			wrongs, err := lab.WrongAnswers(keyDir, exercises)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range lab.FormatProblems(d.Dir, exercises, wrongs) {
				t.Error(p)
			}
			for _, md := range []string{filepath.Join(d.Dir, "README.md"), filepath.Join(keyDir, "README.md")} {
				data, err := os.ReadFile(md)
				if err != nil {
					continue // TestLessonQuotes says it is missing
				}
				doc, _ := lesson.Parse(md, string(data))
				for _, p := range doc.Unchecked() {
					t.Error(p)
				}
				if md == filepath.Join(keyDir, "README.md") {
					for _, p := range doc.WrongSectionsWithoutCode() {
						t.Error(p)
					}
				}
			}
		})
	}
}

func TestLessonQuotes(t *testing.T) {
	for _, l := range lessons(t) {
		err := lesson.Check(l.path, l.codeDir)
		if errors.Is(err, fs.ErrNotExist) {
			t.Errorf("%s does not exist yet: the course needs it, and checks the code it quotes", l.path)
			continue
		}
		if err != nil {
			t.Error(err)
		}
	}
}

// TestLaterDaysCarryEachChange checks each three days in a row: where the
// middle one differs from the days on either side, which agree, a change
// was made to one day and not carried to the next (see lab.FindUncarried).
func TestLaterDaysCarryEachChange(t *testing.T) {
	found, err := lab.FindUncarried(".")
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range found {
		t.Error(u)
	}
}

// TestAbsoluteClaims checks that every sentence of a lesson or key that
// says "never", "always", "cannot" or "is refused" names what shows it: a
// test, a line of the self-check, or what was tried (lesson.ClaimProblems).
func TestAbsoluteClaims(t *testing.T) {
	for _, d := range courseDays(t) {
		for _, path := range []string{filepath.Join(d.Dir, "README.md"), filepath.Join("solutions", d.Name, "README.md")} {
			for _, p := range lesson.ClaimProblems(path) {
				t.Error(p)
			}
		}
	}
}

func TestReadingMaps(t *testing.T) {
	for _, d := range courseDays(t) {
		for _, p := range lesson.MapProblems(filepath.Join(d.Dir, "README.md"), d.Dir) {
			t.Error(p)
		}
	}
}

func TestLessonsHaveExerciseHeadings(t *testing.T) {
	for _, d := range courseDays(t) {
		exercises, err := lab.Exercises(d.Dir)
		if err != nil {
			t.Error(err)
			continue
		}
		for _, path := range []string{filepath.Join(d.Dir, "README.md"), filepath.Join("solutions", d.Name, "README.md")} {
			for _, p := range lesson.HeadingProblems(path, d.Dir, exercises) {
				t.Error(p)
			}
		}
	}
}

// courseDays returns the days of the course, and fails the test if there
// are none: a course without days means the test runs in the wrong place.
func courseDays(t *testing.T) []lab.Day {
	t.Helper()
	days, err := lab.Days(".")
	if err != nil {
		t.Fatal(err)
	}
	if len(days) == 0 {
		t.Fatal("no days (dayNN folders with a go.mod) in the current folder; run the tests from the repository's root")
	}
	return days
}

// A lessonFile is a markdown file of the course, with the folder that the
// files it quotes are relative to.
type lessonFile struct {
	path    string
	codeDir string
}

// lessons returns every markdown file of the course that quotes code.
func lessons(t *testing.T) []lessonFile {
	all := []lessonFile{{"README.md", "."}, {"course.md", "."}}
	for _, d := range courseDays(t) {
		all = append(all,
			lessonFile{filepath.Join(d.Dir, "README.md"), d.Dir},
			lessonFile{filepath.Join("solutions", d.Name, "README.md"), d.Dir})
	}
	return all
}

// workspaceUses returns the folders that the go.work file uses, cleaned:
// "day01" for a "use ./day01".
func workspaceUses(t *testing.T, file string) (map[string]bool, error) {
	cmd := goCommand(t, ".", "work", "edit", "-json", file)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("go work edit -json %s: %v\n%s", file, err, out)
	}
	var work struct{ Use []struct{ DiskPath string } }
	if err := json.Unmarshal(out, &work); err != nil {
		return nil, fmt.Errorf("go work edit -json %s: %v", file, err)
	}
	used := map[string]bool{}
	for _, u := range work.Use {
		used[filepath.Clean(u.DiskPath)] = true
	}
	return used, nil
}

// goCommand returns the go command with args, to run in dir.
func goCommand(t *testing.T, dir string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(t.Context(), "go", args...)
	cmd.Dir = dir
	return cmd
}
