package lab

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A TestRun is what a verbose run of a test binary (-test.v) said of each
// test it ran, read from its output.
type TestRun struct {
	Tests map[string]*TestOutcome // by name, as go test -run names it: "TestX", "TestX/sub"
	Ended bool                    // the binary said PASS or FAIL at its end: every test it started has its result
	Stop  string                  // why it stopped before its end: the panic or the timeout, bounded; "" when it ended
}

// A TestOutcome is one test's result and what it printed.
type TestOutcome struct {
	Name    string
	Passed  bool
	Failed  bool
	Skipped bool
	Seconds float64  // how long it took, as go test says
	Output  []string // the lines it printed while it ran, its subtests' apart
}

// Leaf reports whether the test has no subtests in the run.
func (r *TestRun) Leaf(name string) bool {
	for other := range r.Tests {
		if strings.HasPrefix(other, name+"/") {
			return false
		}
	}
	return true
}

// The frames of go test's verbose output.
var (
	runFrame    = regexp.MustCompile(`^=== (?:RUN|CONT|NAME|PAUSE)\s+(\S+)`)
	resultFrame = regexp.MustCompile(`^\s*--- (PASS|FAIL|SKIP): (\S+) \(([0-9.]+)s\)`)
	endLine     = regexp.MustCompile(`^(PASS|FAIL)$`)
)

// ReadTestRun reads the output of a run of a test binary with -test.v.
// Each line a test printed belongs to the test the last frame named (=== RUN,
// === CONT, === NAME), as go test itself attributes them.
func ReadTestRun(out string) *TestRun {
	r := &TestRun{Tests: map[string]*TestOutcome{}}
	test := func(name string) *TestOutcome {
		if r.Tests[name] == nil {
			r.Tests[name] = &TestOutcome{Name: name}
		}
		return r.Tests[name]
	}
	current := ""
	var stop []string // the lines from a panic on
	for _, line := range strings.Split(out, "\n") {
		switch {
		case stop != nil:
			stop = append(stop, line)
		case strings.HasPrefix(line, "panic: "):
			stop = []string{line}
			if current != "" && !strings.HasPrefix(line, "panic: test timed out") {
				t := test(current)
				t.Failed = true
				t.Output = append(t.Output, line)
			}
		case runFrame.MatchString(line):
			current = runFrame.FindStringSubmatch(line)[1]
			test(current)
		case resultFrame.MatchString(line) && r.Tests[resultFrame.FindStringSubmatch(line)[2]] != nil:
			// A test's result, once go test has said it runs: a test
			// may print another go test's output, which has frames too.
			m := resultFrame.FindStringSubmatch(line)
			t := test(m[2])
			t.Passed, t.Failed, t.Skipped = m[1] == "PASS", m[1] == "FAIL", m[1] == "SKIP"
			t.Seconds, _ = strconv.ParseFloat(m[3], 64) // the pattern allows only a number
		case endLine.MatchString(line):
			r.Ended = true
		case current != "":
			t := test(current)
			t.Output = append(t.Output, line)
		}
	}
	if stop != nil {
		r.Ended = false
		r.Stop = Bounded(strings.Join(stop, "\n"), 30, 4000)
		// The tests the panic or the timeout cut short have no result:
		// each failed, with the reason.
		for _, t := range r.Tests {
			if !t.Passed && !t.Failed && !t.Skipped {
				t.Failed = true
				t.Output = append(t.Output, strings.Split(r.Stop, "\n")...)
			}
		}
	}
	return r
}

// Failure returns what the failing test name printed, with what its
// failing subtests printed, trimmed and bounded, as a student reads it.
func (r *TestRun) Failure(name string) string {
	var lines []string
	for _, n := range slices.Sorted(func(yield func(string) bool) {
		for other := range r.Tests {
			if (other == name || strings.HasPrefix(other, name+"/")) && r.Tests[other].Failed && !yield(other) {
				return
			}
		}
	}) {
		for _, line := range r.Tests[n].Output {
			if line = strings.TrimRight(line, " \t"); strings.TrimSpace(line) != "" {
				lines = append(lines, strings.TrimPrefix(line, "    "))
			}
		}
	}
	return Bounded(strings.Join(lines, "\n"), 30, 4000)
}

// Bounded returns text cut to at most lines lines and size bytes, with a
// last line that says how much was left out.
func Bounded(text string, lines, size int) string {
	all := strings.Split(strings.TrimRight(text, "\n"), "\n")
	kept := all[:min(lines, len(all))]
	out := strings.Join(kept, "\n")
	if len(out) > size {
		out = out[:size]
		for len(out) > 0 && out[len(out)-1]&0xC0 == 0x80 {
			out = out[:len(out)-1] // never inside a character
		}
		if i := strings.LastIndexByte(out, '\n'); i > 0 {
			out = out[:i]
		}
		kept = strings.Split(out, "\n")
	}
	if left := len(all) - len(kept); left > 0 {
		out += "\n… " + plural(left, "more line")
	}
	return out
}

// plural says n things: "1 more line", "3 more lines".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return strconv.Itoa(n) + " " + thing + "s"
}
