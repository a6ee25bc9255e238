package lab

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// A Step is one exercise of a student's day.
type Step struct {
	N      int
	Funcs  []Exercise // its functions, first function first, with their lines in the student's copy
	State  State
	Check  string // the first check that fails: a self-check line's name, or a test's; "" when none does
	Why    string // that check, in a line: "✗ name" of the self-check, or "TestX fails"
	Detail string // the failure whole, bounded: the self-check's line, or what the test printed
}

// A Progress is where a student stands on a day.
type Progress struct {
	Day        Day
	StarterDir string      // the student's copy of the day
	Steps      []Step      // the exercises, in order
	Judged     []int       // the exercises judged: all of them, or those asked for
	Checks     []SelfCheck // the self-check's lines that ran
	Report     *Report     // what they printed; nil when the day did not build or run
	Broken     string      // why the student's day does not build or run; "" when it does
	Failing    []string    // the day's tests that fail though no exercise is to blame, each with what it printed: with every exercise done and JudgeOptions.Whole, or as a grade found them
}

// Tally counts the self-check's lines of the exercises judged that passed,
// of how many: the whole self-check's when every exercise is judged.
func (p *Progress) Tally() Tally {
	var t Tally
	if p.Report == nil {
		return t
	}
	for _, c := range p.Checks {
		if len(p.Judged) < len(p.Steps) && !slices.Contains(p.Judged, c.Exercise) {
			continue
		}
		t.Total++
		if p.Report.Passed[c.Name] {
			t.Passed++
		}
	}
	return t
}

// Done reports whether every exercise judged is done, and, with
// JudgeOptions.Whole, every test of the day passes.
func (p *Progress) Done() bool {
	if p.Broken != "" || len(p.Failing) > 0 {
		return false
	}
	for _, s := range p.Steps {
		if slices.Contains(p.Judged, s.N) && s.State != Done {
			return false
		}
	}
	return true
}

// JudgeOptions say what Judge judges, and how.
type JudgeOptions struct {
	Dir      string       // the student's copy of the day; "" for its starter in the course
	Only     []int        // the exercises to judge, alone; none for every one
	Whole    bool         // once every exercise is done, run every test of the day too
	Alone    bool         // the copy is a module of its own, outside any workspace: built with -trimpath and GOWORK=off
	Environ  []string     // the environment of every run of the student's code; nil for the lab's own
	Progress func(string) // told when a long step begins; may be nil
}

// Judge reads and runs a student's copy of day d of the course at root,
// and says where the student stands: each exercise untouched, started
// (with the first check that fails, whole) or done. An exercise is done
// when every self-check line labelled with it passes, the student's test
// holds for a test to write (see StudentTest), and every test it turns
// green passes (see DayOwners): a test that needs other exercises too is
// run once they are done. With Only, the exercises asked for are judged
// alone, with only their self-check lines and their tests, and those of
// the exercises their tests need. The student's builds go to a folder of
// the user's cache (see BuildDir), where an unchanged copy links nothing
// again.
func Judge(ctx context.Context, root string, d Day, opts JudgeOptions) (*Progress, error) {
	dir := opts.Dir
	if dir == "" {
		var err error
		if dir, err = StarterOf(root, d); err != nil {
			return nil, err
		}
	}
	exercises, err := Exercises(d.Dir)
	if err != nil {
		return nil, err
	}
	checks, err := SelfChecks(d.Dir)
	if err != nil {
		return nil, err
	}
	p := &Progress{Day: d, StarterDir: dir, Judged: slices.Clone(opts.Only)}
	if len(p.Judged) == 0 {
		p.Judged = Numbers(exercises)
	}
	for _, n := range p.Judged {
		if len(Of(exercises, n)) == 0 {
			return nil, fmt.Errorf("%w: %s has exercises %s", ErrUnknownNumber, d.Name, numberList(exercises))
		}
	}
	start := time.Now()
	if err := p.readSteps(exercises, dir); err != nil {
		return nil, err
	}
	j := &judging{Progress: p, ctx: ctx, root: root, opts: opts, checks: checks, ran: map[string]bool{}, built: map[string]bool{}, start: start}
	j.trace("read the day and the student's copy")
	// With the owners of the day's tests at hand, one build makes the
	// program and the test binaries to run, and one run of the self-check
	// runs every line needed.
	lines := labelled(checks, p.Judged, len(opts.Only) == 0)
	var pkgs []string
	if j.owners = CachedOwners(root, d); j.owners != nil {
		started := func(n int) bool { return p.step(n).State != Untouched }
		needs := j.needs(started)
		lines = append(lines, labelled(checks, needs, false)...)
		pkgs = j.packages(p.Judged, started)
	}
	if err := j.buildTests(pkgs); err != nil || p.Broken != "" {
		return p, err
	}
	j.trace("built the program and the tests of %v", pkgs)
	if err := j.selfCheck(lines); err != nil || p.Broken != "" {
		return p, err
	}
	for _, n := range p.Judged {
		j.byLines(n)
	}
	j.trace("ran the self-check's lines")
	// What the tests of those that pass their lines need besides.
	passing := func(n int) bool { s := p.step(n); return s.State == Done && !s.Funcs[0].Test }
	if j.owners == nil && slices.ContainsFunc(p.Judged, passing) {
		if j.owners, err = DayOwners(ctx, root, d, opts.Progress); err != nil {
			return nil, err
		}
	}
	needs := j.needs(passing)
	if err := j.selfCheck(labelled(checks, needs, false)); err != nil || p.Broken != "" {
		return p, err
	}
	for _, m := range needs {
		j.byLines(m)
	}
	j.trace("ran the lines of the exercises %v that their tests need too", needs)
	// The tests to write, judged as the course judges its own.
	for _, n := range append(slices.Clone(p.Judged), needs...) {
		if s := p.step(n); s.Funcs[0].Test && s.State != Untouched {
			if err := StudentTest(ctx, root, d, s.Funcs[0], dir); err != nil {
				s.State, s.Check, s.Why = Started, s.Funcs[0].Func, "✗ "+firstLine(err.Error())
				if strings.Contains(err.Error(), "\n") {
					s.Detail = Bounded(err.Error(), 30, 4000)
				}
			} else {
				s.State = Done
			}
			j.trace("judged the test of exercise %d", n)
		}
	}
	// Every test an exercise done turns green.
	if j.owners != nil {
		if err := j.ownedTests(); err != nil {
			return p, err
		}
		j.trace("ran the tests they turn green")
	}
	if opts.Whole && len(opts.Only) == 0 && p.Done() {
		return p, j.wholeDay()
	}
	return p, nil
}

// readSteps reads the state of each exercise from the student's copy in
// dir: untouched while every function is its hole, started otherwise.
func (p *Progress) readSteps(exercises []Exercise, dir string) error {
	holes, err := Starter(p.Day.Dir, nil)
	if err != nil {
		return err
	}
	for _, n := range Numbers(exercises) {
		s := Step{N: n, State: Untouched}
		for _, e := range Of(exercises, n) {
			mine, line := funcSource(filepath.Join(dir, filepath.FromSlash(e.File)), nil, e.Func)
			hole, _ := funcSource(e.File, holes[e.File].Data, e.Func)
			if mine != hole {
				s.State = Started
			}
			if line > 0 {
				e.Line = line
			}
			s.Funcs = append(s.Funcs, e)
		}
		p.Steps = append(p.Steps, s)
	}
	return nil
}

// step returns the step of exercise n.
func (p *Progress) step(n int) *Step {
	for i := range p.Steps {
		if p.Steps[i].N == n {
			return &p.Steps[i]
		}
	}
	return nil // Judge checked the numbers
}

// judging is one run of Judge.
type judging struct {
	*Progress
	ctx    context.Context
	root   string
	opts   JudgeOptions
	checks []SelfCheck
	probe  *Probe
	owners *Owners
	ran    map[string]bool // the self-check's lines that ran
	built  map[string]bool // the packages whose test binaries the probe holds
	start  time.Time
}

// needs returns the exercises, not judged themselves, that the tests of
// the exercises judged for which pick is true need too.
func (j *judging) needs(pick func(n int) bool) []int {
	var needs []int
	if j.owners == nil {
		return nil
	}
	for _, n := range j.Judged {
		if !pick(n) {
			continue
		}
		for _, t := range j.owners.Of(n) {
			for _, m := range t.Exercises {
				if !slices.Contains(j.Judged, m) && !slices.Contains(needs, m) {
					needs = append(needs, m)
				}
			}
		}
	}
	slices.Sort(needs)
	return needs
}

// packages returns the packages of the tests that the exercises ns turn
// green and that can pass: every exercise they need has been started.
func (j *judging) packages(ns []int, started func(int) bool) []string {
	var pkgs []string
	for _, n := range ns {
		for _, t := range j.owners.Of(n) {
			if !slices.Contains(pkgs, t.Package) && !slices.ContainsFunc(t.Exercises, func(m int) bool { return !started(m) }) {
				pkgs = append(pkgs, t.Package)
			}
		}
	}
	slices.Sort(pkgs)
	return pkgs
}

// TraceEnv is the environment variable that, set to 1, makes the lab say
// on its standard error what each step of judging a day took.
const TraceEnv = "PLY_LAB_TRACE"

// trace says, when TraceEnv asks for it, that a step ended, and when.
func (j *judging) trace(format string, args ...any) {
	if os.Getenv(TraceEnv) == "1" {
		fmt.Fprintf(os.Stderr, "%6.2fs %s\n", time.Since(j.start).Seconds(), fmt.Sprintf(format, args...))
	}
}

// labelled returns the names of the checks labelled with one of ns; with
// all, every check's, so that the self-check runs whole.
func labelled(checks []SelfCheck, ns []int, all bool) []string {
	var names []string
	for _, c := range checks {
		if all || slices.Contains(ns, c.Exercise) {
			names = append(names, c.Name)
		}
	}
	return names
}

// selfCheck runs the self-check's lines called names that have not run
// yet, and reads them into the report.
func (j *judging) selfCheck(names []string) error {
	names = slices.DeleteFunc(names, func(n string) bool { return j.ran[n] })
	if j.Report == nil {
		j.Report = &Report{Passed: map[string]bool{}}
	}
	if len(names) == 0 {
		return nil // a test to write has no lines of its own
	}
	var run []SelfCheck
	for _, c := range j.checks {
		if slices.Contains(names, c.Name) {
			run = append(run, c)
			j.ran[c.Name] = true
		}
	}
	only := names
	if len(run) == len(j.checks) {
		only = nil // the whole self-check, as the student runs it
	}
	out, err := j.probe.SelfCheckOf(j.ctx, only)
	var exit interface{ ExitCode() int }
	if err != nil && !errors.As(err, &exit) {
		j.Broken = Bounded(strings.TrimSpace(out+"\n"+err.Error()), 30, 4000)
		return nil
	}
	report, err := ReadReport(out, run)
	if err != nil {
		j.Broken = Bounded(err.Error(), 30, 4000)
		return nil
	}
	j.Checks = append(j.Checks, run...)
	maps.Copy(j.Report.Passed, report.Passed)
	j.Report.Lines = append(j.Report.Lines, report.Lines...)
	j.Report.Tally.Passed += report.Tally.Passed
	j.Report.Tally.Total += report.Tally.Total
	return nil
}

// byLines judges exercise n by its self-check lines: a started exercise
// whose lines all pass is done, for now; one that fails says which.
func (j *judging) byLines(n int) {
	s := j.step(n)
	if s.State == Untouched || s.Funcs[0].Test {
		return
	}
	labelledN := 0
	for _, c := range j.checks {
		if c.Exercise != n {
			continue
		}
		labelledN++
		if !j.Report.Passed[c.Name] {
			s.Check, s.Why, s.Detail = c.Name, "✗ "+c.Name, j.line(c.Name)
			return
		}
	}
	if labelledN > 0 {
		s.State = Done
	}
}

// line returns the self-check's line for the check called name.
func (j *judging) line(name string) string {
	for _, line := range j.Report.Lines {
		if line == "✗ "+name || strings.HasPrefix(line, "✗ "+name+":") {
			return Bounded(line, 10, 2000)
		}
	}
	return "✗ " + name
}

// ownedTests runs the tests each exercise judged done turns green, those
// whose exercises are all done, and takes back the "done" of an exercise
// one of whose tests fails.
func (j *judging) ownedTests() error {
	done := map[int]bool{}
	for _, s := range j.Steps {
		done[s.N] = s.State == Done
	}
	var tests []Owner
	owner := map[string][]int{} // package and test: the exercises judged it belongs to
	for _, n := range j.Judged {
		if !done[n] || j.step(n).Funcs[0].Test {
			continue
		}
		for _, t := range j.owners.Of(n) {
			if !allDone(t.Exercises, done) {
				continue
			}
			key := t.Package + " " + t.Test
			if owner[key] == nil {
				tests = append(tests, t)
			}
			owner[key] = append(owner[key], n)
		}
	}
	if len(tests) == 0 {
		return nil
	}
	var pkgs []string
	for _, t := range tests {
		if !slices.Contains(pkgs, t.Package) {
			pkgs = append(pkgs, t.Package)
		}
	}
	slices.Sort(pkgs)
	if err := j.buildTests(pkgs); err != nil || j.Broken != "" {
		return err
	}
	j.trace("built the tests of %v", pkgs)
	runs := map[string]*TestRun{} // by package, the batches' runs put together
	var mu sync.Mutex
	err := inParallelN(j.ctx, testsAtOnce, batches(tests), func(b batch) error {
		run, err := runLeaves(j.ctx, j.probe, b.pkg, b.tests, nil)
		if err != nil {
			return err
		}
		mu.Lock()
		runs[b.pkg] = runs[b.pkg].join(run)
		mu.Unlock()
		j.trace("ran %d tests of ./%s", len(b.tests), b.pkg)
		return nil
	})
	if err != nil {
		return err
	}
	for _, t := range tests {
		why, failed := testFailure(runs[t.Package], t.Test)
		if !failed {
			continue
		}
		for _, n := range owner[t.Package+" "+t.Test] {
			if s := j.step(n); s.State == Done {
				s.State, s.Check, s.Why, s.Detail = Started, t.Test, "✗ "+t.Test+" fails", why
			}
		}
	}
	return nil
}

// testsAtOnce is how many test binaries the lab runs at once: most of a
// slow test's time is a wait, for a timeout it tests or a child process.
const testsAtOnce = 4

// slowTest is how long a top-level test takes, on the day, for the lab to
// run it in a process of its own, beside the others, rather than after
// them.
const slowTest = 0.25

// A batch is the tests one run of a package's test binary runs.
type batch struct {
	pkg   string
	tests []string
}

// batches splits tests into runs: each slow top-level test alone, and the
// rest of each package together, the slowest first, so that the runs end
// about when the slowest does.
func batches(tests []Owner) []batch {
	var out []batch
	rest := map[string]int{} // the index in out of each package's batch of quick tests
	alone := map[string]int{}
	seconds := map[int]float64{}
	for _, t := range tests {
		top, _, _ := strings.Cut(t.Test, "/")
		key := t.Package + " " + top
		i, ok := alone[key]
		switch {
		case ok:
		case t.Seconds >= slowTest:
			i = len(out)
			alone[key] = i
			out = append(out, batch{pkg: t.Package})
		default:
			if i, ok = rest[t.Package]; !ok {
				i = len(out)
				rest[t.Package] = i
				out = append(out, batch{pkg: t.Package})
			}
		}
		out[i].tests = append(out[i].tests, t.Test)
		seconds[i] = max(seconds[i], t.Seconds)
	}
	order := make([]int, len(out))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmpFloat(seconds[b], seconds[a]) })
	sorted := make([]batch, len(out))
	for i, k := range order {
		sorted[i] = out[k]
	}
	return sorted
}

// cmpFloat compares two numbers.
func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// join returns the run r with other's tests added: two runs of one
// package's binary, of tests apart.
func (r *TestRun) join(other *TestRun) *TestRun {
	if r == nil {
		return other
	}
	joined := &TestRun{Tests: maps.Clone(r.Tests), Ended: r.Ended && other.Ended, Stop: r.Stop}
	maps.Copy(joined.Tests, other.Tests)
	if joined.Stop == "" {
		joined.Stop = other.Stop
	}
	return joined
}

// testFailure says whether the test failed in the run, and what it
// printed. A test the run does not know is judged by the nearest test
// above it that it knows: a student's copy may name its subtests
// otherwise. A test that did not run because its binary stopped first has
// failed too; one the run does not know at all was not built here, such
// as a test for another system.
func testFailure(run *TestRun, test string) (string, bool) {
	for name := test; ; {
		if t := run.Tests[name]; t != nil {
			return run.Failure(name), t.Failed
		}
		i := strings.LastIndex(name, "/")
		if i < 0 {
			break
		}
		name = name[:i]
	}
	if !run.Ended {
		return "it did not run: the test binary stopped before it:\n" + run.Stop, true
	}
	return "", false
}

// allDone reports whether every exercise of ns is done.
func allDone(ns []int, done map[int]bool) bool {
	for _, n := range ns {
		if !done[n] {
			return false
		}
	}
	return true
}

// buildTests builds the student's program, which is also its main
// package's test binary, and the test binaries of the packages, unless the
// probe holds them already.
func (j *judging) buildTests(pkgs []string) error {
	if j.probe != nil && !slices.ContainsFunc(pkgs, func(pkg string) bool { return !j.built[pkg] }) {
		return nil
	}
	probe, broken, err := buildStudent(j.ctx, j.StarterDir, pkgs, j.opts.Alone)
	if err != nil || broken != "" {
		j.Broken = broken
		return err
	}
	probe.Environ = j.opts.Environ
	j.probe = probe
	j.built["."] = true
	for _, pkg := range pkgs {
		j.built[pkg] = true
	}
	return nil
}

// wholeDay runs every test of the student's day, once every exercise is
// done, and keeps the tests that fail.
func (j *judging) wholeDay() error {
	pkgs, err := testedPackages(j.StarterDir)
	if err != nil {
		return err
	}
	if err := j.buildTests(pkgs); err != nil || j.Broken != "" {
		return err
	}
	failing := map[string][]string{}
	var mu sync.Mutex
	err = inParallel(j.ctx, pkgs, func(pkg string) error {
		out, err := j.probe.runTests(j.ctx, pkg, []string{"-test.run", "", "-test.v", "-test.count=1", "-test.timeout", ownersTimeout.String()})
		if err != nil {
			return err
		}
		run := ReadTestRun(out)
		var lines []string
		for _, name := range slices.Sorted(maps.Keys(run.Tests)) {
			if run.Tests[name].Failed && run.Leaf(name) {
				lines = append(lines, name+" fails:\n"+indent(run.Failure(name)))
			}
		}
		if !run.Ended && len(lines) == 0 {
			lines = append(lines, "./"+pkg+": the test binary stopped:\n"+indent(run.Stop))
		}
		mu.Lock()
		failing[pkg] = lines
		mu.Unlock()
		return nil
	})
	for _, pkg := range pkgs {
		j.Failing = append(j.Failing, failing[pkg]...)
	}
	return err
}

// indent indents each line of text by four spaces.
func indent(text string) string {
	return "    " + strings.ReplaceAll(text, "\n", "\n    ")
}

// firstLine returns the first line of text.
func firstLine(text string) string {
	line, _, _ := strings.Cut(text, "\n")
	return line
}

// buildStudent builds the student's copy of the day in dir as a probe with
// no variants: the program, which is also its main package's test binary,
// and the test binaries of pkgs, with the lab's hook that runs only some
// of the self-check's lines. A copy alone is built as a module of its
// own, outside any workspace, with -trimpath, so that a copy in a new
// folder each time finds its packages compiled all the same. It returns
// what the go command said when the copy does not build.
func buildStudent(ctx context.Context, dir string, pkgs []string, alone bool) (*Probe, string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, "", err
	}
	overlay := map[string][]byte{}
	if sf, err := parseSource(filepath.Join(abs, filepath.FromSlash(checksFile))); err == nil {
		overlay[filepath.Join(abs, filepath.Dir(filepath.FromSlash(checksFile)), "zz_lab_only.go")] = fmt.Appendf(nil, onlySource, sf.f.Name.Name, OnlyEnv)
	}
	out, err := BuildDir("student", abs)
	if err != nil {
		return nil, "", err
	}
	var flags, env []string
	if alone {
		flags, env = []string{"-trimpath"}, []string{"GOWORK=off"}
	}
	probe, msg, err := buildProbe(ctx, abs, overlay, pkgs, out, env, flags...)
	if err != nil {
		if ctx.Err() != nil {
			return nil, "", ctx.Err()
		}
		return nil, Bounded(relativeTo(strings.TrimSpace(string(msg)), abs), 30, 4000), nil
	}
	return probe, "", nil
}

// relativeTo writes the paths under dir in text from dir, as the student
// reads them from their folder.
func relativeTo(text, dir string) string {
	return strings.ReplaceAll(text, dir+string(os.PathSeparator), "")
}
