package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
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

// watch judges a day's exercises in the student's starter, then, each
// time a file there is saved, the exercises whose files changed, or the
// one exercise asked for, until Ctrl-C. Judging one exercise runs its
// self-check lines and the tests it turns green, and nothing else, so a
// save gets its verdict in seconds. It says nothing while nothing changes.
func watch(ctx context.Context, root string, args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("watch", flag.ContinueOnError)
	flags.SetOutput(stderr)
	ready := flags.String("ready", "", "after each run, write how many runs there have been to this `file` (for tests)")
	rest, err := parseAnywhere(flags, args)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if len(rest) != 1 && len(rest) != 2 {
		return fmt.Errorf("%w: watch wants a day and maybe an exercise, such as watch day01 or watch day01 2", errUsage)
	}
	d, err := lab.FindDay(root, rest[0])
	if err != nil {
		return err
	}
	dir, err := lab.StarterOf(root, d)
	if err != nil {
		return err
	}
	exercises, err := lab.Exercises(d.Dir)
	if err != nil {
		return err
	}
	var pinned []int
	if len(rest) == 2 {
		_, _, n, err := dayExercise(root, rest[0], rest[1])
		if err != nil {
			return err
		}
		pinned = []int{n}
	}
	st := newStyles(stdout)
	what := "the exercises whose files it changes"
	if pinned != nil {
		what = fmt.Sprintf("exercise %d", pinned[0])
	}
	fmt.Fprintf(stdout, "watching %s: each save judges again %s; Ctrl-C stops\n", dir, what)
	seen := snapshot(dir)
	only := pinned
	for n := 1; ; n++ {
		if err := check(ctx, root, d, only, st, stdout, stderr); err != nil && ctx.Err() == nil {
			return err
		}
		if *ready != "" {
			if err := os.WriteFile(*ready, []byte(strconv.Itoa(n)), 0o644); err != nil {
				return err
			}
		}
		now := waitForChange(ctx, dir, seen)
		if now == nil {
			fmt.Fprintln(stdout, "stopped")
			return nil
		}
		if only = pinned; only == nil {
			only = changedExercises(dir, exercises, seen, now)
		}
		seen = now
	}
}

// changedExercises returns the exercises with a function in a file that
// differs between the snapshots; none, which means all, when no such file
// changed.
func changedExercises(dir string, exercises []lab.Exercise, before, after map[string]string) []int {
	var ns []int
	for _, e := range exercises {
		name := filepath.Join(dir, filepath.FromSlash(e.File))
		if before[name] != after[name] && !slices.Contains(ns, e.N) {
			ns = append(ns, e.N)
		}
	}
	slices.Sort(ns)
	return ns
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

// check judges the exercises only, or all of them, once and shows the
// outcome: the progress bar, each exercise judged, and the failure that
// keeps one from done, whole.
func check(ctx context.Context, root string, d lab.Day, only []int, st styles, w, stderr io.Writer) error {
	fmt.Fprintf(w, "\n%s\n", st.Dim.Render("── "+time.Now().Format("15:04:05")+" ──"))
	p, err := lab.Judge(ctx, root, d, lab.JudgeOptions{Only: only, Progress: func(what string) { fmt.Fprintln(stderr, what) }})
	if err != nil {
		return err
	}
	showProgress(w, st, p, nil)
	if next := nextStep(root, p); next != "" {
		fmt.Fprintf(w, "%s %s\n", st.Bold.Render("next:"), next)
	}
	return nil
}
