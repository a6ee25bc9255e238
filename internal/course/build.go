package course

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"ply/internal/lab"
	"ply/internal/lesson"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// A builtDay is a day, read and built, with the outputs every check needs.
type builtDay struct {
	lab.Day
	keyDir    string
	exercises []lab.Exercise
	numbers   []int                  // the exercises' numbers
	checks    []lab.SelfCheck        // the self-check's table
	wrongs    []lab.Wrong            // the wrong answers of the key
	tests     map[string][]string    // the packages of each test
	docs      map[string]*lesson.Doc // the lesson and the key, by path
	probe     *lab.Probe
	day       []string // the tags that make the probe the day: every exercise done
	reached   []string // the packages whose tests the holes reach (see lab.ReachedPackages)

	starter   run // the starter's self-check
	reference run // the day's own self-check

	selfChecks  memo[string]         // each distinct self-check run, its output
	testRuns    memo[lab.TestResult] // each distinct test run, its result
	starterRuns memo[starterRun]     // each package's tests in the starter, by package
}

// A run is one self-check's output, read.
type run struct {
	out    string
	failed bool // it ended with a failed check
	lab.Report
}

// buildDay reads the day, builds it, and runs the self-checks that every
// check compares with. It stops the test when the day cannot be built.
func buildDay(t *testing.T, d lab.Day) *builtDay {
	t.Helper()
	b := &builtDay{Day: d, keyDir: filepath.Join("solutions", d.Name), docs: map[string]*lesson.Doc{}}
	var err error
	if b.exercises, err = lab.Exercises(d.Dir); err != nil {
		t.Fatal(err)
	}
	b.numbers = lab.Numbers(b.exercises)
	b.day = lab.DoneTags(b.numbers...)
	if b.checks, err = lab.SelfChecks(d.Dir); err != nil {
		t.Fatal(err)
	}
	if b.wrongs, err = lab.WrongAnswers(b.keyDir, b.exercises); err != nil {
		t.Fatal(err)
	}
	if b.tests, err = lab.Tests(d.Dir); err != nil {
		t.Fatal(err)
	}
	for _, md := range []string{filepath.Join(d.Dir, "README.md"), filepath.Join(b.keyDir, "README.md")} {
		data, err := os.ReadFile(md)
		if errors.Is(err, fs.ErrNotExist) {
			continue // TestLessonQuotes says it is missing
		}
		if err != nil {
			t.Fatal(err)
		}
		b.docs[md], _ = lesson.Parse(md, string(data)) // TestLessonQuotes reports malformed markers
	}
	if b.reached, err = lab.ReachedPackages(t.Context(), d.Dir, b.exercises); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	b.probe = b.buildProbe(t)
	t.Logf("built %s in %v", d.Name, time.Since(start).Round(time.Millisecond))
	b.starter = b.selfCheck(t, "the starter's self-check")
	b.reference = b.selfCheck(t, "the day's own self-check", b.day...)
	return b
}

// buildProbe builds the day with every hole and wrong answer, with the
// test binaries of each package whose tests a claim names or the holes
// reach.
func (b *builtDay) buildProbe(t *testing.T) *lab.Probe {
	t.Helper()
	v := &lab.Variants{DayDir: b.Dir, Exercises: b.exercises, Wrongs: b.wrongs}
	overlay, _, err := v.Overlay()
	if err != nil {
		t.Fatal(err)
	}
	pkgs := slices.Clone(b.reached)
	for _, name := range b.claimedTests() {
		if pkg, err := b.packageOf(name); err == nil {
			pkgs = append(pkgs, pkg)
		}
	}
	dir, err := filepath.Abs(b.Dir)
	if err != nil {
		t.Fatal(err)
	}
	out, err := lab.BuildDir("course probe", dir)
	if err != nil {
		t.Fatal(err)
	}
	probe, msg, err := lab.BuildProbe(t.Context(), dir, overlay, pkgs, out)
	if err != nil {
		t.Fatalf("%v\n%s", err, msg)
	}
	return probe
}

// claimedTests returns every test that the wrong answers, the green
// markers and the write-a-test exercises name.
func (b *builtDay) claimedTests() []string {
	var names []string
	for _, w := range b.wrongs {
		for _, c := range w.CaughtBy {
			names = append(names, c.Test)
		}
	}
	for _, doc := range b.docs {
		for _, g := range doc.Greens {
			for _, c := range g.Claims {
				names = append(names, c.Test)
			}
		}
	}
	for _, e := range b.exercises {
		if e.Test {
			names = append(names, e.Func)
		}
	}
	return names
}

// packageOf returns the package folder of the test called name, such as
// "TestMockReply/no_user_message".
func (b *builtDay) packageOf(name string) (string, error) {
	top, _, _ := strings.Cut(name, "/")
	switch pkgs := b.tests[top]; len(pkgs) {
	case 0:
		return "", fmt.Errorf("%s has no test %s", b.Name, top)
	case 1:
		return pkgs[0], nil
	default:
		return "", fmt.Errorf("%s declares %s in more than one package (%s): rename one", b.Name, top, strings.Join(pkgs, ", "))
	}
}

// selfCheck runs the probe's self-check with the tags on, and reads it.
// A variant's self-check runs once: an exercise done alone, its green
// marker and a transcript may all ask for the same one.
func (b *builtDay) selfCheck(t *testing.T, what string, tags ...string) run {
	t.Helper()
	return b.selfCheckOf(t, what, nil, tags...)
}

// selfCheckOf runs only the self-check's lines called names (all of them
// when there are none) with the tags on, and reads them: a wrong answer
// whose Caught by: names one line costs a run of one check, not of the
// day's hundred.
func (b *builtDay) selfCheckOf(t *testing.T, what string, names []string, tags ...string) run {
	t.Helper()
	checks := b.checks
	if len(names) > 0 {
		checks = slices.DeleteFunc(slices.Clone(b.checks), func(c lab.SelfCheck) bool { return !slices.Contains(names, c.Name) })
		names = nil
		for _, c := range checks {
			names = append(names, c.Name)
		}
	}
	out, err := b.selfChecks.once(strings.Join(names, "\n"), tags, func() (string, error) {
		out, err := b.probe.SelfCheckOf(t.Context(), names, tags...)
		if err != nil {
			return out, err
		}
		return b.again(t, out, tags)
	})
	return b.read(t, what, out, err, checks)
}

// ranOutOfTime matches the line of a check that did not end by the
// self-check's deadline.
var ranOutOfTime = regexp.MustCompile(`^✗ (.*): still running after \S+: is there a loop that never ends\?`)

// again runs once more, alone, each check of the self-check's output out
// that ran out of time, and takes its second line. The checks run side by
// side with builds and tests, and on a machine busy enough a check of
// milliseconds can wait past its deadline once; a loop that never ends
// runs out of time again, and its line stays. The tally is counted anew.
func (b *builtDay) again(t *testing.T, out string, tags []string) (string, error) {
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	var slow []string
	for _, line := range lines {
		if m := ranOutOfTime.FindStringSubmatch(line); m != nil {
			for _, c := range b.checks {
				if c.Name == m[1] {
					slow = append(slow, c.Name)
				}
			}
		}
	}
	if len(slow) == 0 {
		return out, nil
	}
	second, err := b.probe.SelfCheckOf(t.Context(), slow, tags...)
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return out, nil // the first run's lines stand
	}
	return retaken(out, second, slow), nil
}

// retaken returns the self-check's output out with the lines of the checks
// slow taken from second, a run of those checks alone, and its tally
// counted anew.
func retaken(out, second string, slow []string) string {
	byName := map[string]string{}
	for _, line := range strings.Split(second, "\n") {
		for _, name := range slow {
			if line == "✓ "+name || strings.HasPrefix(line, "✗ "+name+":") {
				byName[name] = line
			}
		}
	}
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	passed, total := 0, 0
	for i, line := range lines {
		if m := ranOutOfTime.FindStringSubmatch(line); m != nil && byName[m[1]] != "" {
			lines[i] = byName[m[1]]
		}
		switch {
		case strings.HasPrefix(lines[i], "✓ "):
			passed++
			total++
		case strings.HasPrefix(lines[i], "✗ "):
			total++
		case tallyOf.MatchString(lines[i]):
			lines[i] = fmt.Sprintf("%d/%d passed", passed, total)
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

// tallyOf matches a self-check's last line.
var tallyOf = regexp.MustCompile(`^[0-9]+/[0-9]+ passed$`)

// read reads a self-check's output, of the checks given; err is how the
// run ended.
func (b *builtDay) read(t *testing.T, what, out string, err error, checks []lab.SelfCheck) run {
	t.Helper()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("%s of %s: %v\n%s", what, b.Name, err, out)
	}
	report, rerr := lab.ReadReport(out, checks)
	if rerr != nil {
		t.Fatalf("%s of %s: %v", what, b.Name, rerr)
	}
	// The program's exit status is 1 exactly when a check fails.
	return run{out: out, failed: report.Tally.Passed < report.Tally.Total, Report: report}
}

// test runs the test called name, such as "TestMockReply/no_user_message",
// with the tags on.
func (b *builtDay) test(t *testing.T, name string, timeout time.Duration, tags ...string) (lab.TestResult, error) {
	t.Helper()
	pkg, err := b.packageOf(name)
	if err != nil {
		return lab.TestResult{}, err
	}
	// Every wrong answer that a test catches asks whether it passes on
	// the day: it runs once.
	res, err := b.testRuns.once(name+" "+timeout.String(), tags, func() (lab.TestResult, error) {
		return b.probe.Test(t.Context(), pkg, name, timeout, tags...)
	})
	if err != nil {
		return res, err
	}
	if !res.Ran {
		return res, fmt.Errorf("go test -run '%s' ./%s runs no test: is the name right? (subtests are named as go test -v prints them)", lab.RunPattern(name), path.Join(b.Name, pkg))
	}
	return res, nil
}
