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

// status shows every day with a starter, or the one day asked for: its
// exercises, its self-check's tally as a progress bar, and then the next
// thing to do. It reads the student's files and runs their checks, and
// keeps nothing.
func status(ctx context.Context, root string, args []string, stdout, _ io.Writer) error {
	if len(args) > 1 {
		return fmt.Errorf("%w: status takes at most a day, and was given %q", errUsage, strings.Join(args, " "))
	}
	days, err := lab.Days(root)
	if err != nil {
		return err
	}
	if len(args) == 1 {
		d, err := lab.FindDay(root, args[0])
		if err != nil {
			return err
		}
		days = []lab.Day{d}
	}
	st := newStyles(stdout)
	next := ""
	for _, d := range days {
		if _, err := lab.StarterOf(root, d); err != nil {
			fmt.Fprintf(stdout, "%s  %s\n", st.Bold.Render(d.Name), st.Dim.Render("no starter yet"))
			continue
		}
		p, err := lab.StudentProgress(ctx, root, d)
		if err != nil {
			return err
		}
		if p.Broken == "" {
			if err := checkGreens(ctx, p); err != nil {
				return err
			}
		}
		showProgress(stdout, st, p)
		if next == "" {
			next = nextStep(root, p)
		}
	}
	if next == "" {
		next = "nothing: every exercise is done"
	}
	fmt.Fprintf(stdout, "\n%s %s\n", st.Bold.Render("next:"), next)
	return nil
}

// showProgress writes a day's header, with its bar, and a line for each
// of its exercises.
func showProgress(w io.Writer, st styles, p *lab.Progress) {
	switch {
	case p.Broken != "":
		fmt.Fprintf(w, "%s  %s\n", st.Bold.Render(p.Day.Name), st.Bad.Render("does not build or run:"))
		for _, line := range firstLines(p.Broken, 5) {
			fmt.Fprintf(w, "    %s\n", line)
		}
	default:
		fmt.Fprintf(w, "%s  %s\n", st.Bold.Render(p.Day.Name), st.bar(p.Report.Tally.Passed, p.Report.Tally.Total, "checks pass"))
	}
	width := 0 // the widest list of functions, so that the files line up
	for _, s := range p.Steps {
		width = max(width, len(funcList(s.Funcs)))
	}
	for _, s := range p.Steps {
		mark := map[lab.State]string{lab.Done: st.Done.Render("✓"), lab.Started: st.Started.Render("~"), lab.Untouched: st.Todo.Render("·")}[s.State]
		line := fmt.Sprintf("  %s exercise %d  %-*s  %s", mark, s.N, width, funcList(s.Funcs), fileList(s.Funcs))
		if s.State == lab.Started && s.Why != "" {
			line += "  " + st.Dim.Render(firstLines(s.Why, 1)[0])
		}
		fmt.Fprintln(w, strings.TrimRight(line, " "))
	}
}

// nextStep says what to do next on the day, or "" when it is done.
func nextStep(root string, p *lab.Progress) string {
	if p.Broken != "" {
		return fmt.Sprintf("%s: make it build and run again — %s", p.Day.Name, shown(root, path.Join("starter", p.Day.Name)))
	}
	for _, s := range p.Steps {
		if s.State != lab.Done {
			return fmt.Sprintf("%s, exercise %d, %s — %s", p.Day.Name, s.N, funcList(s.Funcs), shown(root, path.Join("starter", p.Day.Name, "README.md")))
		}
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

// firstLines returns at most n lines of text, and at least one.
func firstLines(text string, n int) []string {
	lines := strings.Split(strings.TrimSpace(text), "\n")
	return lines[:min(n, len(lines))]
}
