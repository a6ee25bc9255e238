package main

import (
	"bufio"
	"context"
	"errors"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"ply/internal/lab"
	"ply/internal/lesson"
)

// greenTimeout bounds the go test of one exercise's tests: a starter's
// tests end within a minute (the course checks it), and these are fewer.
const greenTimeout = 90 * time.Second

// checkGreens takes back the "done" of each exercise whose self-check
// passes but whose tests do not: the lesson names, in its green markers,
// the tests an exercise turns green, and a wrong answer can pass the
// self-check and fail them. A test whose marker needs another exercise
// too is run once every exercise it needs is done.
func checkGreens(ctx context.Context, p *lab.Progress) error {
	greens, err := lessonGreens(filepath.Join(p.Day.Dir, "README.md"))
	if err != nil {
		return err
	}
	done := map[int]bool{}
	for _, s := range p.Steps {
		done[s.N] = s.State == lab.Done
	}
	packages, err := testPackages(p.StarterDir)
	if err != nil {
		return err
	}
	for i := range p.Steps {
		s := &p.Steps[i]
		if !done[s.N] || s.Funcs[0].Test {
			continue
		}
		var tests []string
		for _, g := range greens {
			if slices.Contains(g.Exercises, s.N) && all(g.Exercises, done) {
				for _, c := range g.Claims {
					if c.Test != "" && !slices.Contains(tests, c.Test) {
						tests = append(tests, c.Test)
					}
				}
			}
		}
		if failed := runTests(ctx, p.StarterDir, packages, tests); failed != "" {
			s.State, s.Why = lab.Started, "✗ "+failed
		}
	}
	return nil
}

// all reports whether every exercise of ns is done.
func all(ns []int, done map[int]bool) bool {
	for _, n := range ns {
		if !done[n] {
			return false
		}
	}
	return true
}

// lessonGreens returns the green markers of the lesson at path; none when
// there is no lesson.
func lessonGreens(path string) ([]lesson.Green, error) {
	md, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	doc, errs := lesson.Parse(path, string(md))
	if len(errs) > 0 {
		return nil, errs[0]
	}
	return doc.Greens, nil
}

// testFunc matches the declaration of a top-level test.
var testFunc = regexp.MustCompile(`^func (Test\w+)\(`)

// testPackages maps each test declared under dir to its package, as go
// test names it from dir ("./agent", or "." for the top).
func testPackages(dir string) (map[string]string, error) {
	packages := map[string]string{}
	err := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(path, "_test.go") {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		rel, err := filepath.Rel(dir, filepath.Dir(path))
		if err != nil {
			return err
		}
		lines := bufio.NewScanner(f)
		for lines.Scan() {
			if m := testFunc.FindStringSubmatch(lines.Text()); m != nil {
				packages[m[1]] = "./" + filepath.ToSlash(rel)
			}
		}
		return lines.Err()
	})
	return packages, err
}

// runTests runs tests, in go test -run's spelling, in the starter at dir,
// and returns the first that fails, with its first failing line; "" when
// all pass. The whole tests of a package run in one go test, and each
// subtest in one of its own. A test the starter does not declare is passed
// over: the course's own check makes sure the reference declares it.
func runTests(ctx context.Context, dir string, packages map[string]string, tests []string) string {
	var runs [][2]string // a package, and the -run pattern of a go test in it
	whole := map[string][]string{}
	for _, name := range tests {
		top, sub, _ := strings.Cut(name, "/")
		pkg, ok := packages[top]
		switch {
		case !ok:
		case sub == "":
			whole[pkg] = append(whole[pkg], regexp.QuoteMeta(top))
		default:
			runs = append(runs, [2]string{pkg, "^" + regexp.QuoteMeta(top) + "$/^" + regexp.QuoteMeta(sub) + "$"})
		}
	}
	for _, pkg := range slices.Sorted(maps.Keys(whole)) {
		runs = append(runs, [2]string{pkg, "^(" + strings.Join(whole[pkg], "|") + ")$"})
	}
	for _, r := range runs {
		ctx, cancel := context.WithTimeout(ctx, greenTimeout)
		cmd := exec.CommandContext(ctx, "go", "test", "-count=1", "-run", r[1], r[0])
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		cancel()
		if err != nil {
			return firstFailure(string(out))
		}
	}
	return ""
}

// failedTest matches go test's line for a test that failed.
var failedTest = regexp.MustCompile(`^\s*--- FAIL: (\S+)`)

// firstFailure says which test of go test's output failed first, and the
// first line that says why: an error a test wrote, or a panic.
func firstFailure(out string) string {
	name, why := "", ""
	for _, line := range strings.Split(out, "\n") {
		t := strings.TrimSpace(line)
		if m := failedTest.FindStringSubmatch(line); m != nil && name == "" {
			name = m[1]
		}
		if why == "" && (strings.Contains(t, "_test.go:") || strings.HasPrefix(t, "panic:")) {
			why = t
		}
	}
	switch {
	case name != "" && why != "":
		return name + " fails: " + why
	case name != "":
		return name + " fails"
	case why != "":
		return why
	}
	return "go test fails: " + firstLines(out, 1)[0]
}
