// Package course_test holds the course-wide checks. From the repository's
// root, go test work runs them together with every day's own tests:
//
//   - starter/ and solutions/ are what go run ./cmd/lab makes of the days;
//   - go.work and starter/go.work use every day;
//   - each day's starter builds, fails its tests, and passes exactly the
//     self-checks its lesson says it passes; each exercise, done alone,
//     passes more of them; the answer key completes the starter;
//   - every lesson quotes the code as it is, and has a heading for each
//     exercise of its day.
//
// go test -short leaves out the slowest check, a build per exercise.
// build_test.go holds how the checks build and run a day.
package course_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
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
}

// TestDays checks each day's lab, the days in parallel.
func TestDays(t *testing.T) {
	for _, d := range courseDays(t) {
		t.Run(d.Name, func(t *testing.T) {
			t.Parallel()
			testDay(t, d)
		})
	}
}

// testDay checks a day's lab: its starter, each exercise, its answer key.
// It builds the reference and the starter once, and the checks that need
// them run as parallel subtests.
func testDay(t *testing.T, d lab.Day) {
	exercises, err := lab.Exercises(d.Dir)
	if err != nil {
		t.Fatal(err)
	}
	starterDir := filepath.Join("starter", d.Name)
	if _, err := os.Stat(starterDir); err != nil {
		t.Fatalf("no starter for %s: %v; run go run ./cmd/lab", d.Name, err)
	}
	mustGo(t, starterDir, nil, "build", "-trimpath", "./...")
	reference := selfCheck(t, d.Dir)
	if reference.passed != reference.total {
		t.Errorf("%s's own self-check: %s, want every check to pass", d.Name, reference)
	}
	starter := selfCheck(t, starterDir)

	t.Run("starter passes what the lesson says", func(t *testing.T) {
		t.Parallel()
		checkLessonTally(t, d, starter, reference)
	})
	t.Run("starter tests fail", func(t *testing.T) {
		t.Parallel()
		out, err := goCmd(t, starterDir, nil, "test", "-trimpath", testTimeout, "./...")
		if err == nil {
			t.Errorf("go test ./... passes in %s, but the holes should fail the day's tests: no test reaches them\n%s", starterDir, out)
		}
		if bytes.Contains(out, []byte("panic: test timed out")) {
			t.Errorf("go test ./... in %s hangs: a hole blocks a test, where it should fail it\n%s", starterDir, out)
		}
	})
	t.Run("answers complete the starter", func(t *testing.T) {
		t.Parallel()
		dir := writeTemp(t, solvedStarter(t, d))
		mustGo(t, dir, goworkOff, "test", "-trimpath", testTimeout, "./...")
		if got := selfCheck(t, dir, goworkOff...); got != reference {
			t.Errorf("the starter with solutions/%s copied over it: %s, want %s", d.Name, got, reference)
		}
	})
	for _, n := range exerciseNumbers(exercises) {
		t.Run(fmt.Sprintf("exercise %d is self-checked", n), func(t *testing.T) {
			if testing.Short() {
				t.Skip("builds the starter once per exercise; go test without -short runs it")
			}
			t.Parallel()
			done, err := lab.Starter(d.Dir, func(e lab.Exercise) bool { return e.N == n })
			if err != nil {
				t.Fatal(err)
			}
			if got := selfCheck(t, writeTemp(t, done), goworkOff...); got.passed <= starter.passed {
				t.Errorf("with exercise %d done and no other, the self-check of %s prints %s, no more than the starter's %s: "+
					"exercise %d is untested by the self-check; give it a check with Exercise: %d in %s/selftest "+
					"that needs no other exercise",
					n, d.Name, got, starter, n, n, d.Name)
			}
		})
	}
}

// starterPrints finds where a lesson says how many self-checks the
// starter passes.
var starterPrints = regexp.MustCompile("(?i)the starter prints `([0-9]+)/([0-9]+) passed`")

// checkLessonTally checks that the day's lesson says what the starter
// prints, and that the starter passes some checks and fails others.
func checkLessonTally(t *testing.T, d lab.Day, starter, reference tally) {
	path := filepath.Join(d.Dir, "README.md")
	md, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("%s does not exist: every day needs its lesson, which says what the starter passes (the starter prints `%s`)", path, starter)
	}
	if err != nil {
		t.Fatal(err)
	}
	m := starterPrints.FindSubmatch(md)
	if m == nil {
		t.Fatalf("%s does not say what the starter passes: it needs the words \"the starter prints `%s`\"", path, starter)
	}
	said := tally{passed: atoi(t, string(m[1])), total: atoi(t, string(m[2]))}
	if said != starter {
		t.Errorf("%s says the starter prints `%s`, but it prints `%s`", path, said, starter)
	}
	if said.total != reference.total {
		t.Errorf("%s says the self-check has %d checks, but %s has %d", path, said.total, d.Name, reference.total)
	}
	if said.passed <= 0 || said.passed >= said.total {
		t.Errorf("%s says the starter prints `%s`: it should pass some checks and fail others, so that a student sees both", path, said)
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

func TestLessonsHaveExerciseHeadings(t *testing.T) {
	for _, d := range courseDays(t) {
		exercises, err := lab.Exercises(d.Dir)
		if err != nil {
			t.Error(err)
			continue
		}
		declared := map[int]lab.Exercise{} // the first function of each exercise
		for _, e := range exercises {
			if _, ok := declared[e.N]; !ok {
				declared[e.N] = e
			}
		}
		for _, path := range []string{filepath.Join(d.Dir, "README.md"), filepath.Join("solutions", d.Name, "README.md")} {
			headings, err := lesson.ExerciseHeadings(path)
			if errors.Is(err, fs.ErrNotExist) {
				t.Errorf("%s does not exist yet: it needs a heading for each of the %d exercises of %s", path, len(declared), d.Name)
				continue
			}
			if err != nil {
				t.Error(err)
				continue
			}
			for _, n := range slices.Sorted(maps.Keys(declared)) {
				if _, ok := headings[n]; !ok {
					e := declared[n]
					t.Errorf("%s has no heading that says \"Exercise %d\", the exercise of %s (%s:%d)",
						path, n, e.Func, filepath.Join(d.Dir, e.File), e.Line)
				}
			}
			for _, n := range slices.Sorted(maps.Keys(headings)) {
				if _, ok := declared[n]; !ok {
					t.Errorf("%s:%d: the heading says \"Exercise %d\", but no function of %s has //lab:exercise %d",
						path, headings[n], n, d.Name, n)
				}
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

// exerciseNumbers returns the numbers of the exercises, once each, in order.
func exerciseNumbers(exercises []lab.Exercise) []int {
	var numbers []int
	for _, e := range exercises {
		numbers = append(numbers, e.N)
	}
	return slices.Compact(numbers) // exercises come sorted by number
}

// workspaceUses returns the folders that the go.work file uses, cleaned:
// "day01" for a "use ./day01".
func workspaceUses(t *testing.T, file string) (map[string]bool, error) {
	out, err := goCmd(t, ".", nil, "work", "edit", "-json", file)
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

// solvedStarter returns the day's starter, read from starter/, with its
// answer key from solutions/ copied over it.
func solvedStarter(t *testing.T, d lab.Day) lab.Tree {
	t.Helper()
	tree, err := lab.ReadTree(filepath.Join("starter", d.Name))
	if err != nil {
		t.Fatal(err)
	}
	answers, err := lab.ReadTree(filepath.Join("solutions", d.Name))
	if err != nil {
		t.Fatal(err)
	}
	delete(answers, "README.md") // the worked answers, for people
	maps.Copy(tree, answers)
	return tree
}
