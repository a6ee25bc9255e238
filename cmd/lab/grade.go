package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"ply/internal/lab"
	"ply/internal/lesson"
)

// grade judges a student's copy of a day's starter, wherever it lies: one
// line per exercise, done or the first check that fails, whole, and for
// one that behaves like a wrong answer the key keeps, its name and what
// the key says of it; then the tally. It exits with status 0 only when
// every exercise is done, and never writes to the folder.
func grade(ctx context.Context, root string, args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("grade", flag.ContinueOnError)
	flags.SetOutput(stderr)
	asJSON := flags.Bool("json", false, "print the grade as one JSON object, for scripts")
	rest, err := parseAnywhere(flags, args)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if len(rest) != 2 {
		return fmt.Errorf("%w: grade wants a day and the folder of a student's copy of it, such as grade day04 ~/ann/day04", errUsage)
	}
	d, err := lab.FindDay(root, rest[0])
	if err != nil {
		return err
	}
	progress := func(what string) { fmt.Fprintln(stderr, what) }
	g, err := lab.GradeSubmission(ctx, root, d, rest[1], progress)
	if err != nil {
		return err
	}
	key := readKey(filepath.Join(root, "solutions", d.Name, "README.md"))
	if *asJSON {
		if err := writeGradeJSON(stdout, g, key); err != nil {
			return err
		}
	} else {
		showGrade(stdout, newStyles(stdout), root, g, key)
	}
	if !g.Done() {
		return errQuiet
	}
	return nil
}

// readKey reads the answer key at path; nil when it cannot be read.
func readKey(path string) *lesson.Doc {
	md, err := os.ReadFile(path)
	if err != nil {
		return nil
	}
	doc, _ := lesson.Parse(path, string(md))
	return doc
}

// done counts the exercises done.
func done(p *lab.Progress) int {
	n := 0
	for _, s := range p.Steps {
		if s.State == lab.Done {
			n++
		}
	}
	return n
}

// showGrade writes the grade for a reader.
func showGrade(w io.Writer, st styles, root string, g *lab.Grade, key *lesson.Doc) {
	fmt.Fprintf(w, "%s  %s\n", st.Bold.Render(g.Day.Name), g.Folder)
	if len(g.Left) > 0 {
		fmt.Fprintf(w, "  %s\n", st.Dim.Render("left out, so that the checks are the course's:"))
		for _, l := range g.Left {
			fmt.Fprintf(w, "    %s\n", st.Dim.Render(l))
		}
	}
	showProgress(w, st, g.Progress, func(s lab.Step) []string {
		var lines []string
		for _, like := range g.Like[s.N] {
			lines = append(lines, fmt.Sprintf("it behaves like %s, which fails the same %s: %s", shown(root, filepathOf(g, like)), plural(len(like.Failing), "check"), someOf(like.Failing, 6)))
			lines = append(lines, "  "+like.Why)
			if para, line := paragraph(key, like.Name); para != "" {
				lines = append(lines, fmt.Sprintf("  the key, %s:%d:", shown(root, "solutions/"+g.Day.Name+"/README.md"), line))
				for _, l := range wrap(para, 88) {
					lines = append(lines, "    "+l)
				}
			}
		}
		return lines
	})
	if g.Unlike != "" {
		fmt.Fprintf(w, "  %s\n", st.Dim.Render(g.Unlike))
	}
	fmt.Fprintf(w, "\n%s %d/%d exercises done, in %v\n", st.Bold.Render("grade:"), done(g.Progress), len(g.Steps), g.Took.Round(time.Second))
}

// someOf lists the first n names, and how many more there are.
func someOf(names []string, n int) string {
	if len(names) <= n {
		return strings.Join(names, ", ")
	}
	return strings.Join(names[:n], ", ") + fmt.Sprintf(" and %d more", len(names)-n)
}

// plural says n things: "1 check", "3 checks".
func plural(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// filepathOf names a wrong answer's file from the course's root.
func filepathOf(g *lab.Grade, like lab.Like) string {
	return "solutions/" + g.Day.Name + "/wrong/" + like.Name + ".go"
}

// paragraph returns the key's paragraph on the wrong answer called name.
func paragraph(key *lesson.Doc, name string) (string, int) {
	if key == nil {
		return "", 0
	}
	para, line := key.WrongParagraph(name)
	return lab.Bounded(para, 1, 1500), line
}

// wrap cuts text into lines of at most width runes, at spaces.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		if line != "" && len([]rune(line))+1+len([]rune(word)) > width {
			lines = append(lines, line)
			line = ""
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// gradeJSON is a grade as -json prints it.
type gradeJSON struct {
	Day       string         `json:"day"`
	Folder    string         `json:"folder"`
	Done      int            `json:"done"`
	Total     int            `json:"total"`
	Complete  bool           `json:"complete"` // every exercise done, and every test of the day passes
	Broken    string         `json:"broken,omitempty"`
	Exercises []exerciseJSON `json:"exercises"`
	Failing   []string       `json:"failing,omitempty"`
	LeftOut   []string       `json:"left_out,omitempty"`
	Seconds   float64        `json:"seconds"`
}

// exerciseJSON is one exercise of a grade.
type exerciseJSON struct {
	N         int        `json:"n"`
	Functions []string   `json:"functions"`
	State     string     `json:"state"`             // untouched, started or done
	Check     string     `json:"check,omitempty"`   // the first check that fails
	Message   string     `json:"message,omitempty"` // what it says, whole
	Like      []likeJSON `json:"like,omitempty"`    // the kept wrong answers it behaves like
}

// likeJSON is a kept wrong answer a submission behaves like.
type likeJSON struct {
	Wrong   string   `json:"wrong"` // solutions/dayNN/wrong/NAME.go
	Why     string   `json:"why"`   // its Wrong: line
	Key     string   `json:"key"`   // the key's paragraph on it
	Failing []string `json:"failing"`
}

// writeGradeJSON writes the grade as one JSON object.
func writeGradeJSON(w io.Writer, g *lab.Grade, key *lesson.Doc) error {
	out := gradeJSON{Day: g.Day.Name, Folder: g.Folder, Done: done(g.Progress), Total: len(g.Steps), Complete: g.Done(),
		Broken: g.Broken, Failing: g.Failing, LeftOut: g.Left, Seconds: g.Took.Seconds()}
	for _, s := range g.Steps {
		e := exerciseJSON{N: s.N, State: s.State.String(), Check: s.Check, Message: s.Detail}
		if e.Message == "" {
			e.Message = strings.TrimPrefix(s.Why, "✗ ")
		}
		for _, f := range s.Funcs {
			e.Functions = append(e.Functions, f.Func)
		}
		for _, like := range g.Like[s.N] {
			para, _ := paragraph(key, like.Name)
			e.Like = append(e.Like, likeJSON{Wrong: filepathOf(g, like), Why: like.Why, Key: para, Failing: slices.Clone(like.Failing)})
		}
		out.Exercises = append(out.Exercises, e)
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
