package main

import (
	"context"
	"fmt"
	"io"
	"path"
	"slices"
	"strings"

	"ply/internal/lab"
)

// status shows every day with a starter, or the one day asked for, or one
// exercise of it: its exercises, its self-check's tally as a progress bar,
// the first check that fails, whole, and then the next thing to do. It
// reads the student's files and runs their checks, keeps nothing, and
// exits with status 1 while an exercise it shows is not done.
func status(ctx context.Context, root string, args []string, stdout, stderr io.Writer) error {
	if len(args) > 2 {
		return fmt.Errorf("%w: status takes at most a day and an exercise, and was given %q", errUsage, strings.Join(args, " "))
	}
	days, err := lab.Days(root)
	if err != nil {
		return err
	}
	var only []int
	if len(args) > 0 {
		d, err := lab.FindDay(root, args[0])
		if err != nil {
			return err
		}
		days = []lab.Day{d}
	}
	if len(args) == 2 {
		_, _, n, err := dayExercise(root, args[0], args[1])
		if err != nil {
			return err
		}
		only = []int{n}
	}
	st := newStyles(stdout)
	next, allDone, judged := "", true, false
	for _, d := range days {
		if _, err := lab.StarterOf(root, d); err != nil {
			fmt.Fprintf(stdout, "%s  %s\n", st.Bold.Render(d.Name), st.Dim.Render("no starter yet"))
			continue
		}
		judged = true
		p, err := lab.Judge(ctx, root, d, lab.JudgeOptions{Only: only, Whole: true, Progress: func(what string) { fmt.Fprintln(stderr, what) }})
		if err != nil {
			return err
		}
		showProgress(stdout, st, p, nil)
		allDone = allDone && p.Done()
		if next == "" {
			next = nextStep(root, p)
		}
	}
	switch {
	case !judged:
		next = fmt.Sprintf("make the starters: %s", lab.Command)
	case next == "":
		next = "nothing: every exercise is done"
		if len(only) > 0 {
			next = fmt.Sprintf("exercise %d is done; %s status %s shows the whole day", only[0], lab.Command, days[0].Name)
		}
	}
	fmt.Fprintf(stdout, "\n%s %s\n", st.Bold.Render("next:"), next)
	if !allDone {
		return errQuiet
	}
	return nil
}

// showProgress writes a day's header, with its bar, and a line for each
// exercise judged, with the failure that keeps it from done, whole, and
// what more, when not nil, says of it.
func showProgress(w io.Writer, st styles, p *lab.Progress, more func(lab.Step) []string) {
	switch {
	case p.Broken != "":
		fmt.Fprintf(w, "%s  %s\n", st.Bold.Render(p.Day.Name), st.Bad.Render("does not build or run:"))
		for _, line := range strings.Split(p.Broken, "\n") {
			fmt.Fprintf(w, "    %s\n", line)
		}
	case p.Tally().Total == 0:
		fmt.Fprintf(w, "%s\n", st.Bold.Render(p.Day.Name)) // a test to write, alone: no self-check line is its
	default:
		fmt.Fprintf(w, "%s  %s\n", st.Bold.Render(p.Day.Name), st.bar(p.Tally().Passed, p.Tally().Total, checksUnit(p)))
	}
	width := 0 // the widest list of functions, so that the files line up
	for _, s := range p.Steps {
		width = max(width, len(funcList(s.Funcs)))
	}
	for _, s := range p.Steps {
		if !slices.Contains(p.Judged, s.N) {
			continue
		}
		mark := map[lab.State]string{lab.Done: st.Done.Render("✓"), lab.Started: st.Started.Render("~"), lab.Untouched: st.Todo.Render("·")}[s.State]
		line := fmt.Sprintf("  %s exercise %d  %-*s  %s", mark, s.N, width, funcList(s.Funcs), fileList(s.Funcs))
		if s.State == lab.Started && s.Why != "" {
			line += "  " + st.Dim.Render(s.Why)
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
		if s.State == lab.Started && s.Detail != "" && s.Detail != s.Why {
			for _, l := range strings.Split(s.Detail, "\n") {
				fmt.Fprintf(w, "      %s\n", l)
			}
		}
		if more != nil {
			for _, l := range more(s) {
				fmt.Fprintf(w, "      %s\n", l)
			}
		}
	}
	if len(p.Failing) > 0 {
		fmt.Fprintf(w, "  %s\n", st.Bad.Render("tests of the day that fail besides:"))
		for _, f := range p.Failing {
			for _, l := range strings.Split(f, "\n") {
				fmt.Fprintf(w, "    %s\n", l)
			}
		}
	}
}

// checksUnit names what the bar counts: the day's checks, or the lines of
// the exercise asked for.
func checksUnit(p *lab.Progress) string {
	if len(p.Judged) < len(p.Steps) {
		return "of its checks pass"
	}
	return "checks pass"
}

// nextStep says what to do next on the day, or "" when it is done.
func nextStep(root string, p *lab.Progress) string {
	if p.Broken != "" {
		return fmt.Sprintf("%s: make it build and run again — %s", p.Day.Name, shown(root, path.Join("starter", p.Day.Name)))
	}
	for _, s := range p.Steps {
		if slices.Contains(p.Judged, s.N) && s.State != lab.Done {
			return fmt.Sprintf("%s, exercise %d, %s — %s", p.Day.Name, s.N, funcList(s.Funcs), shown(root, path.Join("starter", p.Day.Name, "README.md")))
		}
	}
	if len(p.Failing) > 0 {
		return fmt.Sprintf("%s: the tests above — cd %s && go test ./...", p.Day.Name, shown(root, path.Join("starter", p.Day.Name)))
	}
	return ""
}

// funcList names the functions of an exercise.
func funcList(funcs []lab.Exercise) string {
	names := make([]string, len(funcs))
	for i, f := range funcs {
		names[i] = f.Func
	}
	return strings.Join(names, ", ")
}

// fileList names the files of an exercise's functions, each once.
func fileList(funcs []lab.Exercise) string {
	var files []string
	for _, f := range funcs {
		if !slices.Contains(files, f.File) {
			files = append(files, f.File)
		}
	}
	return strings.Join(files, ", ")
}
