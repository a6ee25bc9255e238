package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"time"

	"ply/internal/lab"
)

// pollEvery is how often watch looks for a saved file. The standard
// library has no portable way to be told of a change (inotify, kqueue and
// ReadDirectoryChangesW each need their own code), and a day's starter is
// a few dozen files: reading their sizes and times twice a second costs
// well under a millisecond of CPU, sees a save within half a second, and
// works the same on every system.
const pollEvery = 400 * time.Millisecond

// watch reruns a day's self-check and tests in the student's starter each
// time a file there is saved, until Ctrl-C. It says nothing while nothing
// changes.
func watch(ctx context.Context, root string, args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("watch", flag.ContinueOnError)
	flags.SetOutput(stderr)
	ready := flags.String("ready", "", "after each run, write how many runs there have been to this `file` (for tests)")
	days, err := parseAnywhere(flags, args)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if len(days) != 1 {
		return fmt.Errorf("%w: watch wants one day, such as watch day01", errUsage)
	}
	d, err := lab.FindDay(root, days[0])
	if err != nil {
		return err
	}
	dir, err := lab.StarterOf(root, d)
	if err != nil {
		return err
	}
	st := newStyles(stdout)
	fmt.Fprintf(stdout, "watching %s: each save reruns its self-check and tests; Ctrl-C stops\n", dir)
	seen := snapshot(dir)
	for n := 1; ; n++ {
		if err := check(ctx, root, d, dir, st, stdout); err != nil && ctx.Err() == nil {
			return err
		}
		if *ready != "" {
			if err := os.WriteFile(*ready, []byte(strconv.Itoa(n)), 0o644); err != nil {
				return err
			}
		}
		if seen = waitForChange(ctx, dir, seen); seen == nil {
			fmt.Fprintln(stdout, "stopped")
			return nil
		}
	}
}

// waitForChange polls the folder until a file in it differs from seen,
// and returns the folder as it is then; nil when ctx ends first.
func waitForChange(ctx context.Context, dir string, seen map[string]string) map[string]string {
	tick := time.NewTicker(pollEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
		if now := snapshot(dir); !maps.Equal(now, seen) {
			return now
		}
	}
}

// snapshot returns the size and modification time of each file of the
// student's day, by path, leaving out hidden folders and build output.
func snapshot(dir string) map[string]string {
	files := map[string]string{}
	// A file that vanishes while the folder is read is simply not listed.
	_ = filepath.WalkDir(dir, func(name string, d fs.DirEntry, err error) error {
		if err != nil || (d.IsDir() && name != dir && strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || strings.HasSuffix(name, ".test") {
			return nil
		}
		if info, err := d.Info(); err == nil {
			files[name] = fmt.Sprint(info.Size(), info.ModTime().UnixNano())
		}
		return nil
	})
	return files
}

// check runs the day's self-check and tests once and shows the outcome:
// the progress bar, the first failing check and where to look, and the
// first failing test.
func check(ctx context.Context, root string, d lab.Day, dir string, st styles, w io.Writer) error {
	fmt.Fprintf(w, "\n%s\n", st.Dim.Render("── "+time.Now().Format("15:04:05")+" ──"))
	p, err := lab.StudentProgress(ctx, root, d)
	if err != nil {
		return err
	}
	if p.Broken != "" {
		fmt.Fprintf(w, "%s\n", st.Bad.Render("it does not build or run:"))
		for _, line := range firstLines(p.Broken, 10) {
			fmt.Fprintf(w, "    %s\n", line)
		}
		return nil
	}
	fmt.Fprintf(w, "%s  %s\n", st.Bold.Render(d.Name), st.bar(p.Report.Tally.Passed, p.Report.Tally.Total, "checks pass"))
	for _, c := range p.Checks {
		if p.Report.Passed[c.Name] {
			continue
		}
		for _, line := range p.Report.Lines {
			if strings.HasPrefix(line, "✗ "+c.Name) {
				fmt.Fprintln(w, st.Bad.Render(line))
			}
		}
		for _, s := range p.Steps {
			if s.N == c.Exercise {
				f := s.Funcs[0]
				fmt.Fprintf(w, "  look at %s in %s:%d\n", funcList(s.Funcs), filepath.Join(dir, filepath.FromSlash(f.File)), f.Line)
			}
		}
		break
	}
	fmt.Fprintln(w, tests(ctx, dir, st))
	return nil
}

// failLine matches a failed test's line in go test's output.
var failLine = regexp.MustCompile(`(?m)^\s*--- FAIL: \S+`)

// tests runs the day's tests and sums them up in a line.
func tests(ctx context.Context, dir string, st styles) string {
	cmd := exec.CommandContext(ctx, "go", "test", "-timeout=2m", "./...")
	cmd.Dir = dir
	out, err := cmd.CombinedOutput()
	if err == nil {
		return st.Done.Render("tests: ok")
	}
	if m := failLine.Find(out); m != nil {
		return st.Bad.Render("tests: FAIL, first " + strings.TrimSpace(string(m)))
	}
	return st.Bad.Render("tests: FAIL\n" + strings.Join(firstLines(string(out), 10), "\n"))
}
