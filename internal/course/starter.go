package course

import (
	"fmt"
	"maps"
	"path"
	"path/filepath"
	"ply/internal/lab"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// starterBound is how long the untouched starter's tests of one package
// may run, as a student runs them with go test ./...: a hole must make
// its tests fail, never wait for ever. A package's tests take seconds
// even on a busy machine; go test's own bound is ten minutes, and a
// student who meets it thinks the machine hung.
const starterBound = time.Minute

// testStarterEnds checks that the tests of every package the holes reach
// end, in the untouched starter, within starterBound; that none of them
// panics: a panic ends the test binary, and go test reports none of the
// package's tests that had not run yet, so one hole would hide the
// failures that tell a student about the others; and that none prints the
// value of the canary (see Main). The packages run side by side, so the
// check takes about as long as the slowest.
func testStarterEnds(t *testing.T, b *builtDay) {
	for _, pkg := range b.reached {
		t.Run(pkg, func(t *testing.T) {
			t.Parallel()
			r := b.starterTests(t, pkg)
			if r.hung != "" {
				t.Errorf("in the untouched starter, go test ./%s was still running %s after %v: a hole must make a test fail, never wait. Where it waits:\n%s",
					path.Join(b.Name, pkg), r.hung, starterBound, waiting(r.out, r.hung))
			}
			if strings.Contains(r.out, canaryValue) {
				t.Errorf("in the untouched starter, go test ./%s prints the value of %s, a variable of the environment it ran in: a test that shows what a command saw of its environment must show the names, never the values, which in a student's terminal are real secrets",
					path.Join(b.Name, pkg), canaryName)
			}
			if r.panicked != "" {
				t.Errorf("in the untouched starter, a test of ./%s panics, and go test reports none of the package's tests after it: a check that cannot go on must stop its own test (t.Fatal), never the package. The panic, and where in the tests:\n%s",
					path.Join(b.Name, pkg), r.panicked)
			}
		})
	}
}

// starterTests runs the tests of the package pkg in the untouched starter
// once, however many checks ask.
func (b *builtDay) starterTests(t *testing.T, pkg string) starterRun {
	t.Helper()
	r, err := b.starterRuns.once(pkg, nil, func() (starterRun, error) {
		start := time.Now()
		passed, out, err := b.probe.Tests(t.Context(), pkg, starterBound)
		return readStarterRun(passed, out, time.Since(start)), err
	})
	if err != nil {
		t.Fatalf("the starter's tests of ./%s: %v", pkg, err)
	}
	t.Logf("./%s in the starter: passed %v, %v", pkg, r.passed, r.took.Round(time.Millisecond))
	return r
}

// A starterRun is how one package's tests went in the untouched starter.
type starterRun struct {
	passed   bool
	hung     string   // the tests still running when the bound ran out; "" when they ended
	panicked string   // the panic that ended the run, with the test's lines of its stack; "" when none did
	scripts  []string // the scripts that failed, for the main package
	took     time.Duration
	out      string
}

// The lines of go test's output that a starterRun reads.
var (
	timedOut     = regexp.MustCompile(`(?m)^panic: test timed out after .*\n\s*running tests:\n((?:\s+\S+ \(.*\)\n)+)`)
	panicLine    = regexp.MustCompile(`(?m)^panic: .*$`)
	failedScript = regexp.MustCompile(`(?m)^\s*--- FAIL: TestScripts/(\S+) \(`)
)

// readStarterRun reads the output of a run.
func readStarterRun(passed bool, out string, took time.Duration) starterRun {
	r := starterRun{passed: passed, took: took, out: out}
	if m := timedOut.FindStringSubmatch(out); m != nil {
		r.hung = strings.Join(strings.Fields(m[1]), " ")
	} else if i := panicLine.FindStringIndex(out); i != nil {
		r.panicked = testPanic(out[i[0]:])
	}
	for _, m := range failedScript.FindAllStringSubmatch(out, -1) {
		r.scripts = append(r.scripts, m[1])
	}
	return r
}

// testPanic returns the first line of out, a test binary's panic and what
// follows it, and the lines of its stack that are in a test file, with
// the function each names: where the test stopped.
func testPanic(out string) string {
	lines := strings.Split(out, "\n")
	kept := []string{lines[0]}
	for i := 2; i < len(lines); i++ {
		if strings.Contains(lines[i], "_test.go:") {
			kept = append(kept, lines[i-1], lines[i])
		}
	}
	return strings.Join(kept, "\n")
}

// scriptLog returns what a verbose run printed of the script name, or its
// end when the script cannot be told apart.
func scriptLog(out, name string) string {
	if i := strings.Index(out, "=== RUN   TestScripts/"+name+"\n"); i >= 0 {
		rest := out[i:]
		if j := strings.Index(rest[1:], "=== "); j >= 0 {
			rest = rest[:j+1]
		}
		return lastLines(rest, 40)
	}
	return lastLines(out, 40)
}

// waiting returns the stacks of the goroutines of a timed-out run that
// are in the tests still running, hung, which is where they wait.
func waiting(out, hung string) string {
	var stacks []string
	for _, stack := range strings.Split(out, "\n\n") {
		for _, name := range strings.Fields(hung) {
			if strings.HasPrefix(name, "Test") && strings.Contains(stack, "."+strings.Split(name, "/")[0]+"(") {
				stacks = append(stacks, strings.TrimSpace(stack))
				break
			}
		}
	}
	if len(stacks) == 0 {
		return lastLines(out, 30)
	}
	return strings.Join(stacks, "\n\n")
}

// lastLines returns the last n lines of text.
func lastLines(text string, n int) string {
	lines := strings.Split(strings.TrimRight(text, "\n"), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "\n")
}

// testScripts checks what the day's lab.md says of its testscript suite:
// the scripts that fail in the untouched starter are the scripts it names
// under some exercise, and each passes with those exercises done and no
// other, so that the note the starter opens it with is true.
func testScripts(t *testing.T, b *builtDay) {
	needs := lab.ScriptNeeds(b.exercises)
	sidecar := filepath.Join(b.Dir, lab.SidecarFile)
	r := b.starterTests(t, ".")
	if r.hung != "" {
		t.Skipf("the starter's scripts did not end; go test ./checks/%s -run TestDay/starter_ends says why", b.Name)
	}
	for _, name := range r.scripts {
		if _, ok := needs[name]; !ok {
			t.Errorf("%s fails in the untouched starter, but %s names it under no exercise: add it to the \"- scripts:\" line of each exercise it waits for", filepath.Join(b.Dir, "testdata/script", name+".txtar"), sidecar)
		}
	}
	bySet := map[string][]string{} // the scripts, by the exercises they wait for
	for _, name := range slices.Sorted(maps.Keys(needs)) {
		if !slices.Contains(r.scripts, name) {
			t.Errorf("%s names %s under exercise %s, but it passes in the untouched starter: take it off", sidecar, name, numbers(needs[name]))
			continue
		}
		key := fmt.Sprint(needs[name])
		bySet[key] = append(bySet[key], name)
	}
	var all []int // the exercises that change the program: every one but the tests to write
	for _, n := range b.numbers {
		if !lab.Of(b.exercises, n)[0].Test {
			all = append(all, n)
		}
	}
	for _, key := range slices.Sorted(maps.Keys(bySet)) {
		names := bySet[key]
		set := needs[names[0]]
		if slices.Equal(set, all) {
			continue // with every exercise done the program is the day's, whose own tests run the scripts
		}
		t.Run(numbers(set), func(t *testing.T) {
			t.Parallel()
			quoted := make([]string, len(names))
			for i, name := range names {
				quoted[i] = regexp.QuoteMeta(name)
			}
			pattern := "^TestScripts$/^(" + strings.Join(quoted, "|") + ")$"
			_, out, err := b.probe.TestsMatching(t.Context(), ".", pattern, 2*time.Minute, lab.DoneTags(set...)...)
			if err != nil {
				t.Fatal(err)
			}
			for _, name := range names {
				if !strings.Contains(out, "--- PASS: TestScripts/"+name+" (") {
					t.Errorf("%s says %s waits for exercise %s, but with %s done and no other it still fails: name each exercise it waits for\n%s",
						sidecar, name, numbers(set), numbers(set), scriptLog(out, name))
				}
			}
		})
	}
}
