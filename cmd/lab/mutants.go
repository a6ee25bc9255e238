package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"time"

	"ply/internal/lab"
)

// mutants measures how many small wrong edits of a day's exercise
// functions its checks catch, and lists the ones they miss.
func mutants(ctx context.Context, root string, args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("mutants", flag.ContinueOnError)
	flags.SetOutput(stderr)
	short := flags.Bool("short", false, "run only the self-check and the tests of the mutant's own package")
	list := flags.Bool("n", false, "list the mutants, and run nothing")
	days, err := parseAnywhere(flags, args)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if len(days) != 1 {
		return fmt.Errorf("%w: mutants wants one day, such as mutants day03", errUsage)
	}
	d, err := lab.FindDay(root, days[0])
	if err != nil {
		return err
	}
	exercises, err := lab.Exercises(d.Dir)
	if err != nil {
		return err
	}
	if *list {
		ms, err := lab.Mutants(d.Dir, exercises)
		if err != nil {
			return err
		}
		for _, m := range ms {
			fmt.Fprintf(stdout, "%3d %s\n", m.ID, m)
		}
		fmt.Fprintf(stdout, "%d mutants; some may not compile, and those do not count\n", len(ms))
		return nil
	}
	work, err := os.MkdirTemp("", "lab-mutants-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(work)
	opts := lab.MutantOptions{Short: *short, Phase: func(what string) { fmt.Fprintln(stderr, what) }}
	start := time.Now()
	if isTerminal(stderr) {
		opts.Progress = func(done, n int) { fmt.Fprintf(stderr, "\r%d/%d mutants judged", done, n) }
		defer fmt.Fprintln(stderr)
	} else {
		opts.Progress = progressLines(stderr, start)
	}
	report, err := lab.RunMutants(ctx, d, work, opts)
	if err != nil {
		return err
	}
	showMutants(stdout, report, exercises)
	return nil
}

// showMutants writes the score of each exercise and of the day, and every
// mutant that survived.
func showMutants(w io.Writer, r *lab.MutantReport, exercises []lab.Exercise) {
	for _, n := range lab.Numbers(exercises) {
		killed, total := r.Score(n)
		fmt.Fprintf(w, "exercise %d: %d/%d killed (%s)\n", n, killed, total, percent(killed, total))
	}
	killed, total := r.Score(0)
	fmt.Fprintf(w, "%s: %d/%d killed (%s), %d did not compile, in %v\n", r.Day.Name, killed, total, percent(killed, total),
		len(r.NotCompiled), r.Took.Round(time.Second))
	for _, res := range r.Results {
		if !res.Killed {
			fmt.Fprintf(w, "survived: %s\n", res.Mutant)
		}
	}
}

// progressLines returns a Progress that writes a line for every tenth of
// the mutants judged, for a log, where a line counting up in place would
// be a line per mutant.
func progressLines(w io.Writer, start time.Time) func(done, n int) {
	shown := 0 // the tenths shown
	return func(done, n int) {
		if tenth := done * 10 / max(n, 1); tenth > shown {
			shown = tenth
			fmt.Fprintf(w, "%d/%d mutants judged, %v\n", done, n, time.Since(start).Round(time.Second))
		}
	}
}

// isTerminal reports whether w is a terminal, where a line that counts up
// in place makes sense.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	info, err := f.Stat()
	return err == nil && info.Mode()&os.ModeCharDevice != 0
}

// percent writes part of whole as a percentage.
func percent(part, whole int) string {
	if whole == 0 {
		return "no mutants"
	}
	return fmt.Sprintf("%d%%", part*100/whole)
}
