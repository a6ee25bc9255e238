package course_test

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"ply/internal/lab"
	"ply/internal/lesson"
)

// How the checks build and run a day. A day is built once, as a probe
// (see lab.Variants): the real starter, the very files a student gets,
// with the day's own code, its wrong answers and nothing else compiled in
// beside the holes, switched on by the run. Run with no tags, the probe is
// the starter; with every exercise done, it is the day; every other
// variant the checks need, an exercise done alone or a wrong answer in
// place, is a run too, a fraction of a second, where a build of its own
// would take seconds.

// TestMain runs the checks four to a processor, unless go test's
// -parallel says otherwise. A run of a probe spends most of its time
// waiting (for a timeout a check waits out, a child process, the disk),
// so go test's default, one per processor, leaves the processors idle.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		if err := flag.Set("test.parallel", strconv.Itoa(4*runtime.GOMAXPROCS(0))); err != nil {
			panic(err)
		}
	}
	os.Exit(m.Run())
}

// compileDependencies compiles every package the days and their tests
// import, once, before the days are built in parallel. Two go commands
// that need a package the build cache does not have yet each compile it:
// with a cold cache, six builds at once would compile the standard
// library six times over. With a warm one this takes a second.
func compileDependencies(t *testing.T, days []lab.Day) {
	args := []string{"list", "-export", "-deps", "-test"}
	for _, d := range days {
		args = append(args, "./"+d.Name+"/...")
	}
	if out, err := goCommand(t, ".", args...).CombinedOutput(); err != nil {
		t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

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

	starter   run // the starter's self-check
	reference run // the day's own self-check

	selfChecks memo[string]         // each distinct self-check run, its output
	testRuns   memo[lab.TestResult] // each distinct test run, its result
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
	start := time.Now()
	b.probe = b.buildProbe(t)
	t.Logf("built %s in %v", d.Name, time.Since(start).Round(time.Millisecond))
	b.starter = b.selfCheck(t, "the starter's self-check")
	b.reference = b.selfCheck(t, "the day's own self-check", b.day...)
	return b
}

// buildProbe builds the day with every hole and wrong answer, with the
// test binaries of each package whose tests a claim names.
func (b *builtDay) buildProbe(t *testing.T) *lab.Probe {
	t.Helper()
	v := &lab.Variants{DayDir: b.Dir, Exercises: b.exercises, Wrongs: b.wrongs}
	overlay, _, err := v.Overlay()
	if err != nil {
		t.Fatal(err)
	}
	var pkgs []string
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
	out, err := b.selfChecks.once("", tags, func() (string, error) {
		return b.probe.SelfCheck(t.Context(), tags...)
	})
	return b.read(t, what, out, err)
}

// read reads a self-check's output; err is how the run ended.
func (b *builtDay) read(t *testing.T, what, out string, err error) run {
	t.Helper()
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		t.Fatalf("%s of %s: %v\n%s", what, b.Name, err, out)
	}
	report, rerr := lab.ReadReport(out, b.checks)
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

// A memo keeps the outcome of each distinct run of a probe, so that the
// checks, in parallel, each ask for what they need and no run is done
// twice.
type memo[T any] struct {
	mu   sync.Mutex
	runs map[string]*outcome[T]
}

// An outcome is one run's, ready once done is closed.
type outcome[T any] struct {
	done  chan struct{}
	value T
	err   error
}

// once returns the outcome of the run called what with the tags on,
// calling do for it the first time it is asked for and waiting for that
// call every other time.
func (m *memo[T]) once(what string, tags []string, do func() (T, error)) (T, error) {
	key := what + " " + strings.Join(slices.Sorted(slices.Values(tags)), ",")
	m.mu.Lock()
	if m.runs == nil {
		m.runs = map[string]*outcome[T]{}
	}
	o, ok := m.runs[key]
	if !ok {
		o = &outcome[T]{done: make(chan struct{})}
		m.runs[key] = o
	}
	m.mu.Unlock()
	if ok {
		<-o.done
		return o.value, o.err
	}
	o.value, o.err = do()
	close(o.done)
	return o.value, o.err
}

// goCommand returns the go command with args, to run in dir.
func goCommand(t *testing.T, dir string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(t.Context(), "go", args...)
	cmd.Dir = dir
	return cmd
}
