package lab

import (
	"context"
	"fmt"
	"path"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
)

// MutantOptions say how RunMutants runs.
type MutantOptions struct {
	Short    bool              // run only the self-check and the tests of the mutant's own package
	Progress func(done, n int) // called after each mutant; may be nil
	Phase    func(what string) // called as each phase of the run begins, with what it does; may be nil
}

// phase tells opts.Phase what begins.
func (opts MutantOptions) phase(format string, args ...any) {
	if opts.Phase != nil {
		opts.Phase(fmt.Sprintf(format, args...))
	}
}

// A MutantResult says whether the day's checks caught a mutant.
type MutantResult struct {
	Mutant
	Killed bool
	By     string // what caught it: "self-check", or the package whose tests failed
}

// A MutantReport is what RunMutants found.
type MutantReport struct {
	Day         Day
	Results     []MutantResult // the mutants that compile, by id
	NotCompiled []Mutant       // the mutants the compiler refused, which do not count
	Took        time.Duration
}

// Score returns how many of the mutants of exercise n were killed, of how
// many; n == 0 counts every exercise.
func (r *MutantReport) Score(n int) (killed, total int) {
	for _, res := range r.Results {
		if n == 0 || res.Exercise == n {
			total++
			if res.Killed {
				killed++
			}
		}
	}
	return killed, total
}

// RunMutants makes the mutants of the day's exercise functions, builds the
// day once with all that compile (see Variants), and runs the day's checks
// against each: first the self-check, then the tests of the mutant's
// package, then, unless opts.Short, the tests of every other package of
// the day, which include its testscript suite. A mutant is killed as soon
// as one of them fails. work is a folder for the build.
func RunMutants(ctx context.Context, d Day, work string, opts MutantOptions) (*MutantReport, error) {
	start := time.Now()
	exercises, err := Exercises(d.Dir)
	if err != nil {
		return nil, err
	}
	mutants, err := Mutants(d.Dir, exercises)
	if err != nil {
		return nil, err
	}
	pkgs, err := testedPackages(d.Dir)
	if err != nil {
		return nil, err
	}
	report := &MutantReport{Day: d}
	opts.phase("%s: %d mutants of %d exercises; building the day once with all of them", d.Name, len(mutants), len(Numbers(exercises)))
	probe, live, err := buildMutants(ctx, d, exercises, mutants, pkgs, work)
	if err != nil {
		return nil, err
	}
	for _, m := range mutants {
		if !slices.ContainsFunc(live, func(l Mutant) bool { return l.ID == m.ID }) {
			report.NotCompiled = append(report.NotCompiled, m)
		}
	}
	day := DoneTags(Numbers(exercises)...)
	opts.phase("built in %v, %d of them compile; running the day's own checks, which must pass, to time them", time.Since(start).Round(time.Second), len(live))
	timeouts, err := referenceRuns(ctx, probe, pkgs, day)
	if err != nil {
		return nil, err
	}
	what := "the self-check, then the tests of each package"
	if opts.Short {
		what = "the self-check, then the tests of the mutant's package"
	}
	opts.phase("running %s against each mutant, until one fails", what)
	report.Results = make([]MutantResult, len(live))
	var next, done int
	var mu sync.Mutex // guards next and done
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Go(func() {
			for {
				mu.Lock()
				i := next
				next++
				mu.Unlock()
				if i >= len(live) || ctx.Err() != nil {
					return
				}
				report.Results[i] = judgeMutant(ctx, probe, live[i], pkgs, timeouts, day, opts.Short)
				mu.Lock()
				done++
				if opts.Progress != nil {
					opts.Progress(done, len(live))
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	report.Took = time.Since(start)
	return report, ctx.Err()
}

// compileError matches a compiler's error line: file:line:column: message.
var compileError = regexp.MustCompile(`(?m)^(\S+\.go):([0-9]+):[0-9]+: `)

// buildMutants builds the day with the mutants, leaving out those the
// compiler refuses until the rest compile, and returns the probe and the
// mutants in it.
func buildMutants(ctx context.Context, d Day, exercises []Exercise, mutants []Mutant, pkgs []string, work string) (*Probe, []Mutant, error) {
	mod, err := readGoMod(d.Dir)
	if err != nil {
		return nil, nil, err
	}
	live := slices.Clone(mutants)
	for attempt := 1; ; attempt++ {
		v := &Variants{DayDir: d.Dir, Exercises: exercises, Mutants: live}
		overlay, spans, err := v.Overlay()
		if err != nil {
			return nil, nil, err
		}
		out := filepath.Join(work, fmt.Sprintf("build%d", attempt))
		// -e reports every compile error, not the first ten, so that each
		// round drops every mutant that does not compile.
		probe, msg, err := BuildProbe(ctx, d.Dir, overlay, pkgs, out, "-gcflags="+mod.Module+"/...=-e")
		if err == nil {
			return probe, live, nil
		}
		bad := map[int]bool{}
		for _, m := range compileError.FindAllStringSubmatch(string(msg), -1) {
			line, _ := strconv.Atoi(m[2]) // the pattern allows only digits
			for id, s := range spans {
				if sameFile(d.Dir, s.File, m[1]) && line >= s.Start && line <= s.End {
					bad[id] = true
				}
			}
		}
		if len(bad) == 0 || attempt == 10 {
			return nil, nil, fmt.Errorf("%w\n%s", err, msg)
		}
		live = slices.DeleteFunc(live, func(m Mutant) bool { return bad[m.ID] })
	}
}

// sameFile reports whether a and b name the same file; b may be relative
// to the day's folder, as the go command names the files it compiles.
func sameFile(dayDir, a, b string) bool {
	if !filepath.IsAbs(b) {
		b = filepath.Join(dayDir, b)
	}
	a, errA := filepath.Abs(a)
	b, errB := filepath.Abs(b)
	return errA == nil && errB == nil && a == b
}

// referenceRuns runs the day as it is, with the tags of day, which must
// pass every check, and returns how long each package's tests may take on
// a mutant: ten times as long as they took here, and at least ten seconds.
func referenceRuns(ctx context.Context, p *Probe, pkgs, day []string) (map[string]time.Duration, error) {
	out, err := p.SelfCheck(ctx, day...)
	if err != nil {
		return nil, fmt.Errorf("the day's own self-check fails, so no mutant can be judged:\n%s", out)
	}
	timeouts := map[string]time.Duration{}
	for _, pkg := range pkgs {
		start := time.Now()
		ok, out, err := p.Tests(ctx, pkg, runTimeout, day...)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, fmt.Errorf("the day's own tests of ./%s fail, so no mutant can be judged:\n%s", pkg, out)
		}
		timeouts[pkg] = max(10*time.Second, 10*time.Since(start))
	}
	return timeouts, nil
}

// judgeMutant runs the checks against mutant m, in the day whose tags are
// day, until one fails.
func judgeMutant(ctx context.Context, p *Probe, m Mutant, pkgs []string, timeouts map[string]time.Duration, day []string, short bool) MutantResult {
	tags := append(slices.Clone(day), MutantTag(m.ID))
	res := MutantResult{Mutant: m}
	if _, err := p.SelfCheck(ctx, tags...); err != nil {
		res.Killed, res.By = true, "self-check"
		return res
	}
	own := path.Dir(m.File)
	order := []string{}
	if slices.Contains(pkgs, own) {
		order = append(order, own)
	}
	if !short {
		for _, pkg := range pkgs {
			if pkg != own {
				order = append(order, pkg)
			}
		}
	}
	for _, pkg := range order {
		if ok, _, err := p.Tests(ctx, pkg, timeouts[pkg], tags...); err == nil && !ok {
			res.Killed, res.By = true, "tests of ./"+pkg
			return res
		}
	}
	return res
}

// testedPackages returns the folders of the day's packages that have
// tests, relative to the day, "." for the day's own folder.
func testedPackages(dayDir string) ([]string, error) {
	files, err := goFiles(dayDir)
	if err != nil {
		return nil, err
	}
	var pkgs []string
	for _, f := range files {
		if dir := path.Dir(f); strings.HasSuffix(f, "_test.go") && !slices.Contains(pkgs, dir) {
			pkgs = append(pkgs, dir)
		}
	}
	slices.Sort(pkgs)
	return pkgs, nil
}
