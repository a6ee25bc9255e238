package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"ply/internal/lab"
	"ply/internal/lesson"
)

// generate brings the lessons' quotes and numbers, then the generated
// trees, up to date, or with check, lists what is out of date and changes
// nothing. The lessons come first: the starter holds a copy of each, so
// that one run leaves nothing stale.
func generate(root string, check, force bool, stdout, stderr io.Writer) error {
	days, err := lab.Days(root)
	if err != nil {
		return err
	}
	stale, err := lessons(root, days, check, stdout)
	if err != nil {
		return err
	}
	var lines []string
	if check {
		lines, err = lab.Check(root)
	} else {
		lines, err = lab.Generate(root, force)
	}
	if errors.Is(err, lab.ErrStudentWork) {
		fmt.Fprintln(stderr, "lab: these starter files are not what the lab last generated, so they may hold your work; nothing in starter/ was changed:")
		for _, line := range lines {
			fmt.Fprintln(stderr, "\t"+line)
		}
		fmt.Fprintf(stderr, "Your work is safe where it is. %s reset DAY N puts one exercise back;\n", lab.Command)
		fmt.Fprintf(stderr, "%s -force regenerates them all, after saving them under starter/_saved.\n", lab.Command)
		return errQuiet
	}
	for _, line := range lines {
		fmt.Fprintln(stdout, line)
	}
	if err != nil {
		return err
	}
	problems := 0 // headings to write and lab lines to move
	for _, d := range days {
		exercises, err := lab.Exercises(d.Dir)
		if err != nil {
			return err
		}
		for _, md := range []string{filepath.Join(d.Dir, "README.md"), filepath.Join(root, "solutions", d.Name, "README.md")} {
			for _, p := range lesson.HeadingProblems(md, d.Dir, exercises) {
				fmt.Fprintln(stderr, p)
				problems++
			}
		}
		for _, p := range lab.OldPlace(d.Dir, exercises) {
			fmt.Fprintln(stderr, p)
			problems++
		}
		for _, p := range keyProblems(root, d, exercises) {
			fmt.Fprintln(stderr, p)
			problems++
		}
	}
	uncarried, err := lab.FindUncarried(root)
	if err != nil {
		return err
	}
	for _, u := range uncarried {
		fmt.Fprintln(stderr, u)
		problems++
	}
	if check && len(lines)+stale+problems > 0 {
		fmt.Fprintf(stderr, "lab: starter/, solutions/ or the lessons are out of date: run %s, write the headings it names, move the lab lines it names, put right the wrong answers and keys it names, and make the days it names agree\n", lab.Command)
		return errQuiet
	}
	return nil
}

// lessons checks the quotes and numbers of every markdown file of the
// course, or without check, rewrites them from the code, and says what
// each rewrite replaced: a hand edit inside a quote is named, with the
// lines it held, never undone in silence. It returns how many files are
// stale.
func lessons(root string, days []lab.Day, check bool, stdout io.Writer) (int, error) {
	type file struct{ md, codeDir string }
	files := []file{{filepath.Join(root, "README.md"), root}, {filepath.Join(root, "course.md"), root}}
	for _, d := range days {
		files = append(files, file{filepath.Join(d.Dir, "README.md"), d.Dir}, file{filepath.Join(root, "solutions", d.Name, "README.md"), d.Dir})
	}
	stale := 0
	var errs []error
	for _, f := range files {
		if _, err := os.Stat(f.md); errors.Is(err, fs.ErrNotExist) {
			continue // a lesson or key still to write: TestLessonQuotes says so
		}
		if check {
			if err := lesson.Check(f.md, f.codeDir); err != nil {
				fmt.Fprintln(stdout, err)
				stale++
			}
			continue
		}
		rewrites, err := lesson.Update(f.md, f.codeDir)
		if err != nil {
			errs = append(errs, err)
		}
		for _, r := range rewrites {
			showRewrite(stdout, f.md, r)
		}
	}
	return stale, errors.Join(errs...)
}

// showRewrite says what one rewrite of a lesson changed: a number, or a
// quote with the diff from what the block held to the code.
func showRewrite(w io.Writer, md string, r lesson.Rewrite) {
	if !strings.Contains(r.Old, "\n") && !strings.Contains(r.New, "\n") && !strings.HasPrefix(r.What, "quote ") {
		fmt.Fprintf(w, "%s:%d: %s: %s, as the code has it now, where it said %s\n", md, r.Line, r.What, r.New, r.Old)
		return
	}
	fmt.Fprintf(w, "%s:%d: %s rewritten from the code; what the block held, and what it holds now:\n", md, r.Line, r.What)
	for _, line := range strings.Split(strings.TrimRight(lab.LineDiff(r.Old, r.New), "\n"), "\n") {
		fmt.Fprintf(w, "\t%s\n", line)
	}
}

// keyProblems reads the day's wrong answers and its answer key, and
// returns what is wrong with them that no build is needed to see: a
// header that cannot be read, a wrong answer the key never names, a name
// in the key with no file.
func keyProblems(root string, d lab.Day, exercises []lab.Exercise) []error {
	keyDir := filepath.Join(root, "solutions", d.Name)
	wrongs, err := lab.WrongAnswers(keyDir, exercises)
	problems := []error{}
	if err != nil {
		problems = append(problems, err)
	}
	key := filepath.Join(keyDir, "README.md")
	md, err := os.ReadFile(key)
	if err != nil {
		return problems // no key yet: TestLessonQuotes says so
	}
	doc, _ := lesson.Parse(key, string(md))
	return append(problems, doc.KeyProblems(wrongs, filepath.Join(keyDir, "wrong"))...)
}
