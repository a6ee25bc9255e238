package lab

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"
)

// Which tests does an exercise turn green? The lesson names some, but a
// day has hundreds of tests, and a student whose exercise passes its
// self-check lines while one of them fails has not done it. The lab works
// the answer out from the day itself, with its probe (see Variants):
//
//  1. it runs the tests of every package the holes reach in the untouched
//     starter; the tests that fail there, down to their last subtests,
//     wait for some exercise;
//  2. it runs those again with each exercise done alone: a test that
//     passes with exercise N alone is N's;
//  3. a test that passes with no exercise alone needs several: with every
//     exercise done but N, it fails exactly when it needs N;
//  4. a test that fails on the day itself is no exercise's.
//
// The tests a kept wrong answer's Caught by: names are its exercise's too,
// when they are not already someone's: they pass in the starter, and fail
// when that exercise is done wrong. The answer depends on the day's code
// alone, so it is worked out once for each version of the day and kept in
// the user's cache (see BuildDir): a minute the first time, nothing after.

// An Owner is one test and the exercises it needs, all of them done, to
// pass.
type Owner struct {
	Package   string  `json:"package"`   // the test's package, a folder relative to the day, "." for the top
	Test      string  `json:"test"`      // as go test -run names it: "TestX/sub"
	Exercises []int   `json:"exercises"` // the exercises it needs
	Seconds   float64 `json:"seconds"`   // how long it, or its top-level test, took on the day, when it was worked out
}

// Owners are the tests of a day that exercises turn green.
type Owners struct {
	Key   string  `json:"key"`   // the version of the day they were worked out for
	Tests []Owner `json:"tests"` // by package, then test
}

// Of returns the tests that need exercise n, whatever else they need.
func (o *Owners) Of(n int) []Owner {
	var of []Owner
	for _, t := range o.Tests {
		if slices.Contains(t.Exercises, n) {
			of = append(of, t)
		}
	}
	return of
}

// ownersVersion is the version of the way owners are worked out: a cache
// of another is worked out again.
const ownersVersion = "owners 3"

// ownersTimeout bounds one run of one package's tests while the owners are
// worked out: a starter's tests end within a minute (the course checks it).
const ownersTimeout = 2 * time.Minute

// DayOwners returns the owners of the tests of day d in the course at
// root, from the user's cache when they were worked out for the day as it
// is, and else worked out now and kept there. progress, when not nil, is
// told that the work begins.
func DayOwners(ctx context.Context, root string, d Day, progress func(string)) (*Owners, error) {
	exercises, err := Exercises(d.Dir)
	if err != nil {
		return nil, err
	}
	keyDir := filepath.Join(root, solutionsDir, d.Name)
	wrongs, err := WrongAnswers(keyDir, exercises)
	if err != nil {
		return nil, err
	}
	o, key, file, err := cachedOwners(d, keyDir)
	if err != nil || o != nil {
		return o, err
	}
	if progress != nil {
		progress(fmt.Sprintf("%s: working out which tests each exercise turns green, once for this version of the day (a minute or two)", d.Name))
	}
	probe, err := referenceProbe(ctx, d, exercises, wrongs)
	if err != nil {
		return nil, err
	}
	o, err = workOutOwners(ctx, probe, d, exercises, wrongs)
	if err != nil {
		return nil, err
	}
	o.Key = key
	data, err := json.MarshalIndent(o, "", "\t")
	if err != nil {
		return nil, err
	}
	tmp := file + ".new"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return nil, err
	}
	return o, os.Rename(tmp, file)
}

// CachedOwners returns the owners of the tests of day d in the course at
// root when the user's cache has them for the day as it is, and nil when
// DayOwners has yet to work them out.
func CachedOwners(root string, d Day) *Owners {
	o, _, _, err := cachedOwners(d, filepath.Join(root, solutionsDir, d.Name))
	if err != nil {
		return nil
	}
	return o
}

// cachedOwners returns the owners that the cache holds for the day as it
// is, or nil, with the day's key and the cache's file.
func cachedOwners(d Day, keyDir string) (o *Owners, key, file string, err error) {
	if key, err = dayKey(d.Dir, keyDir); err != nil {
		return nil, "", "", err
	}
	abs, err := filepath.Abs(d.Dir)
	if err != nil {
		return nil, "", "", err
	}
	cache, err := BuildDir("lab owners", abs)
	if err != nil {
		return nil, "", "", err
	}
	file = filepath.Join(cache, "owners.json")
	if data, err := os.ReadFile(file); err == nil {
		var cached Owners
		if json.Unmarshal(data, &cached) == nil && cached.Key == key {
			return &cached, key, file, nil
		}
	}
	return nil, key, file, nil
}

// dayKey returns a digest of everything the owners of a day depend on: its
// files, its wrong answers, the lab's way of working them out, and Go's
// version.
func dayKey(dayDir, keyDir string) (string, error) {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00", ownersVersion, runtime.Version())
	for _, dir := range []string{dayDir, filepath.Join(keyDir, wrongDir)} {
		tree, err := ReadTree(dir)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		for _, p := range slices.Sorted(maps.Keys(tree)) {
			fmt.Fprintf(h, "%s\x00%d\x00", p, len(tree[p].Data))
			h.Write(tree[p].Data)
		}
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// referenceProbe builds the day with its exercises and wrong answers as
// variants, with the test binaries of every package the holes reach, into
// a build folder of its own.
func referenceProbe(ctx context.Context, d Day, exercises []Exercise, wrongs []Wrong) (*Probe, error) {
	v := &Variants{DayDir: d.Dir, Exercises: exercises, Wrongs: wrongs}
	overlay, _, err := v.Overlay()
	if err != nil {
		return nil, err
	}
	pkgs, err := ReachedPackages(ctx, d.Dir, exercises)
	if err != nil {
		return nil, err
	}
	for _, w := range wrongs {
		for _, c := range w.CaughtBy {
			if pkg, ok := testPackage(d.Dir, c.Test); ok && !slices.Contains(pkgs, pkg) {
				pkgs = append(pkgs, pkg)
			}
		}
	}
	abs, err := filepath.Abs(d.Dir)
	if err != nil {
		return nil, err
	}
	out, err := BuildDir("lab probe", abs)
	if err != nil {
		return nil, err
	}
	probe, msg, err := BuildProbe(ctx, abs, overlay, pkgs, out)
	if err != nil {
		return nil, fmt.Errorf("%v\n%s", err, msg)
	}
	return probe, nil
}

// testPackage returns the package of the day in dayDir that declares the
// test called name, when exactly one does.
func testPackage(dayDir, name string) (string, bool) {
	if name == "" {
		return "", false
	}
	tests, err := Tests(dayDir)
	if err != nil {
		return "", false
	}
	top, _, _ := strings.Cut(name, "/")
	if pkgs := tests[top]; len(pkgs) == 1 {
		return pkgs[0], true
	}
	return "", false
}

// workOutOwners runs the probe as the comment at the top of this file
// says.
func workOutOwners(ctx context.Context, p *Probe, d Day, exercises []Exercise, wrongs []Wrong) (*Owners, error) {
	numbers := Numbers(exercises)
	pkgs := slices.Sorted(maps.Keys(p.tests))
	// 1. What fails in the starter, package by package.
	failing := map[string][]string{} // the failing leaves, by package
	var mu sync.Mutex
	err := inParallel(ctx, pkgs, func(pkg string) error {
		leaves, err := starterFailures(ctx, p, pkg)
		if err == nil && len(leaves) > 0 {
			mu.Lock()
			failing[pkg] = leaves
			mu.Unlock()
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	// 2 and 4. Each exercise alone, and the day.
	type variant struct {
		pkg  string
		n    int // the exercise done alone; 0 for the day
		tags []string
	}
	var variants []variant
	for pkg := range failing {
		variants = append(variants, variant{pkg, 0, DoneTags(numbers...)})
		for _, n := range numbers {
			variants = append(variants, variant{pkg, n, DoneTags(n)})
		}
	}
	passes := map[string]map[int]map[string]bool{} // package, exercise (0 for the day), test
	seconds := map[string]float64{}                // each top-level test's time on the day, by package and name
	record := func(pkg string, n int, leaves []string, run *TestRun) {
		mu.Lock()
		defer mu.Unlock()
		if passes[pkg] == nil {
			passes[pkg] = map[int]map[string]bool{}
		}
		passes[pkg][n] = map[string]bool{}
		for _, leaf := range leaves {
			if t := run.Tests[leaf]; t != nil && t.Passed {
				passes[pkg][n][leaf] = true
			}
		}
		if n == 0 {
			for name, t := range run.Tests {
				seconds[pkg+" "+name] = t.Seconds
			}
		}
	}
	err = inParallel(ctx, variants, func(v variant) error {
		run, err := runLeaves(ctx, p, v.pkg, failing[v.pkg], v.tags)
		if err == nil {
			record(v.pkg, v.n, failing[v.pkg], run)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	o := &Owners{}
	rest := map[string][]string{} // the leaves no exercise alone turns green, by package
	for _, pkg := range slices.Sorted(maps.Keys(failing)) {
		for _, leaf := range failing[pkg] {
			if !passes[pkg][0][leaf] {
				continue // it fails on the day: no exercise's
			}
			var alone []int
			for _, n := range numbers {
				if passes[pkg][n][leaf] {
					alone = append(alone, n)
				}
			}
			if len(alone) > 0 {
				o.Tests = append(o.Tests, Owner{Package: pkg, Test: leaf, Exercises: alone[:1]})
				continue
			}
			rest[pkg] = append(rest[pkg], leaf)
		}
	}
	// 3. Every exercise but one, for the tests that need several.
	variants = variants[:0]
	for pkg := range rest {
		for _, n := range numbers {
			others := slices.DeleteFunc(slices.Clone(numbers), func(m int) bool { return m == n })
			variants = append(variants, variant{pkg, -n, DoneTags(others...)})
		}
	}
	err = inParallel(ctx, variants, func(v variant) error {
		run, err := runLeaves(ctx, p, v.pkg, rest[v.pkg], v.tags)
		if err == nil {
			record(v.pkg, v.n, rest[v.pkg], run)
		}
		return err
	})
	if err != nil {
		return nil, err
	}
	for _, pkg := range slices.Sorted(maps.Keys(rest)) {
		for _, leaf := range rest[pkg] {
			var needs []int
			for _, n := range numbers {
				if !passes[pkg][-n][leaf] {
					needs = append(needs, n)
				}
			}
			if len(needs) == 0 {
				needs = numbers // any of several will do: it waits for them all
			}
			o.Tests = append(o.Tests, Owner{Package: pkg, Test: leaf, Exercises: needs})
		}
	}
	// The tests that catch a kept wrong answer.
	for _, w := range wrongs {
		for _, c := range w.CaughtBy {
			pkg, ok := testPackage(d.Dir, c.Test)
			if !ok || slices.ContainsFunc(o.Tests, func(t Owner) bool {
				return t.Package == pkg && (t.Test == c.Test || strings.HasPrefix(t.Test, c.Test+"/") || strings.HasPrefix(c.Test, t.Test+"/"))
			}) {
				continue
			}
			o.Tests = append(o.Tests, Owner{Package: pkg, Test: c.Test, Exercises: []int{w.Exercise}})
		}
	}
	for i, t := range o.Tests {
		top, _, _ := strings.Cut(t.Test, "/")
		o.Tests[i].Seconds = max(seconds[t.Package+" "+top], seconds[t.Package+" "+t.Test])
	}
	slices.SortFunc(o.Tests, func(a, b Owner) int {
		if a.Package != b.Package {
			return strings.Compare(a.Package, b.Package)
		}
		return strings.Compare(a.Test, b.Test)
	})
	o.Tests = slices.CompactFunc(o.Tests, func(a, b Owner) bool { return a.Package == b.Package && a.Test == b.Test })
	return o, nil
}

// starterFailures runs every test of the package in the untouched starter
// and returns the leaves that fail. A test that panics ends its binary, so
// the run is made again without it, until every test has had its turn.
func starterFailures(ctx context.Context, p *Probe, pkg string) ([]string, error) {
	var failed, skip []string
	for range 10 {
		args := []string{"-test.run", "", "-test.v", "-test.count=1", "-test.timeout", ownersTimeout.String()}
		if len(skip) > 0 {
			args = append(args, "-test.skip", "^("+strings.Join(skip, "|")+")$")
		}
		out, err := p.runTests(ctx, pkg, args)
		if err != nil {
			return nil, err
		}
		run := ReadTestRun(out)
		for name, t := range run.Tests {
			if t.Failed && run.Leaf(name) && !slices.Contains(failed, name) {
				failed = append(failed, name)
			}
		}
		if run.Ended || strings.HasPrefix(run.Stop, "panic: test timed out") {
			break
		}
		stopped := ""
		for name, t := range run.Tests {
			if t.Failed && !strings.Contains(name, "/") && slices.Contains(t.Output, strings.Split(run.Stop, "\n")[0]) {
				stopped = name
			}
		}
		if stopped == "" || slices.Contains(skip, regexp.QuoteMeta(stopped)) {
			break
		}
		skip = append(skip, regexp.QuoteMeta(stopped))
	}
	slices.Sort(failed)
	return failed, nil
}

// runLeaves runs the tests that hold the leaves, in the package, with the
// tags on, verbosely, and reads the run.
func runLeaves(ctx context.Context, p *Probe, pkg string, leaves, tags []string) (*TestRun, error) {
	args := []string{"-test.run", LeavesPattern(leaves), "-test.v", "-test.count=1", "-test.timeout", ownersTimeout.String()}
	out, err := p.runTests(ctx, pkg, args, tags...)
	if err != nil {
		return nil, err
	}
	return ReadTestRun(out), nil
}

// LeavesPattern returns a -run pattern that runs the tests named, such as
// "TestA" and "TestB/x": their top-level tests and, where a name goes
// deeper, only the subtests of those names at the second level. One
// pattern cannot tell each top-level test its own subtests, so a top-level
// test may run a subtest another asked for: it runs, and is not read.
func LeavesPattern(names []string) string {
	var tops, subs []string
	whole := false // some test runs with all its subtests
	for _, name := range names {
		parts := strings.Split(name, "/")
		if top := "^" + regexp.QuoteMeta(parts[0]) + "$"; !slices.Contains(tops, top) {
			tops = append(tops, top)
		}
		if len(parts) == 1 {
			whole = true
			continue
		}
		if sub := "^" + regexp.QuoteMeta(parts[1]) + "$"; !slices.Contains(subs, sub) {
			subs = append(subs, sub)
		}
	}
	// go test splits a pattern into alternatives at each | outside
	// brackets before it splits each at its slashes: bracket them.
	pattern := "(" + strings.Join(tops, "|") + ")"
	if len(subs) > 0 && !whole {
		pattern += "/(" + strings.Join(subs, "|") + ")"
	}
	return pattern
}

// runTests runs the test binary of the package with args and the tags on,
// and returns what it printed: a failing test is no error, and neither is
// a run that timed out, whose output says so.
func (p *Probe) runTests(ctx context.Context, pkg string, args []string, tags ...string) (string, error) {
	bin, ok := p.tests[pkg]
	if !ok {
		return "", fmt.Errorf("the probe of %s has no test binary for ./%s", p.DayDir, pkg)
	}
	out, err := p.run(ctx, bin, pkg, ownersTimeout+30*time.Second, tags, args)
	if ctx.Err() != nil {
		return string(out), ctx.Err()
	}
	var exit interface{ ExitCode() int }
	if err != nil && !errors.As(err, &exit) && !errors.Is(err, context.DeadlineExceeded) {
		return string(out), err
	}
	return string(out), nil
}

// inParallel calls do for each item, as many at a time as there are
// processors, and returns the first error.
func inParallel[T any](ctx context.Context, items []T, do func(T) error) error {
	return inParallelN(ctx, max(2, runtime.GOMAXPROCS(0)), items, do)
}

// inParallelN calls do for each item, n at a time, and returns the first
// error.
func inParallelN[T any](ctx context.Context, n int, items []T, do func(T) error) error {
	limit := make(chan struct{}, n)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var first error
	for _, item := range items {
		if ctx.Err() != nil {
			break
		}
		limit <- struct{}{}
		wg.Go(func() {
			defer func() { <-limit }()
			if err := do(item); err != nil {
				mu.Lock()
				if first == nil {
					first = err
				}
				mu.Unlock()
			}
		})
	}
	wg.Wait()
	if first == nil {
		first = ctx.Err()
	}
	return first
}
