package lesson

import (
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"ply/internal/lab"
)

// exerciseTitle matches the words that make a heading an exercise's.
var exerciseTitle = regexp.MustCompile(`\bExercise ([0-9]+)\b`)

// ExerciseHeadings returns the exercises that the headings of the markdown
// file at path are about, by number, each with the line of its heading: a
// heading is about exercise 3 when it says "Exercise 3". Headings are the
// lines that start with one to six #, outside code blocks.
func ExerciseHeadings(path string) (map[int]int, error) {
	md, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	headings := map[int]int{}
	lines := strings.Split(string(md), "\n")
	for i := 0; i < len(lines); i++ {
		if f := fence(lines[i]); f != "" {
			i = blockEnd(lines, i, f)
			continue
		}
		if !isHeading(lines[i]) {
			continue
		}
		for _, m := range exerciseTitle.FindAllStringSubmatch(lines[i], -1) {
			n, err := strconv.Atoi(m[1])
			if err != nil {
				continue // too many digits to be an exercise
			}
			if _, seen := headings[n]; !seen {
				headings[n] = i + 1
			}
		}
	}
	return headings, nil
}

// isHeading reports whether line is a markdown heading.
func isHeading(line string) bool { return headingLevel(line) > 0 }

// headingLevel returns the level of line when it is a markdown heading: up
// to three spaces, one to six #, then a space or the end of the line; 0
// when it is none.
func headingLevel(line string) int {
	text := strings.TrimLeft(line, " ")
	if len(line)-len(text) > 3 {
		return 0
	}
	rest := strings.TrimLeft(text, "#")
	level := len(text) - len(rest)
	if level >= 1 && level <= 6 && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
		return level
	}
	return 0
}

// HeadingProblems checks that the markdown file at path has a heading for
// each of the exercises of the day in dayDir and for no other exercise. A
// missing file is a problem of its own.
func HeadingProblems(path, dayDir string, exercises []lab.Exercise) []error {
	headings, err := ExerciseHeadings(path)
	if errors.Is(err, fs.ErrNotExist) {
		return []error{fmt.Errorf("%s does not exist yet: it needs a heading \"Exercise N\" for each of the exercises of %s", path, dayDir)}
	}
	if err != nil {
		return []error{err}
	}
	var problems []error
	for _, n := range lab.Numbers(exercises) {
		if _, ok := headings[n]; !ok {
			e := lab.Of(exercises, n)[0]
			problems = append(problems, fmt.Errorf("%s has no heading that says \"Exercise %d\", the exercise of %s (%s:%d)",
				path, n, e.Func, filepath.Join(dayDir, filepath.FromSlash(e.File)), e.Line))
		}
	}
	for _, n := range slices.Sorted(maps.Keys(headings)) {
		if len(lab.Of(exercises, n)) == 0 {
			problems = append(problems, &lab.PosError{File: path, Line: headings[n],
				Err: fmt.Errorf("the heading says \"Exercise %d\", but no function of %s has //lab:exercise %d", n, dayDir, n)})
		}
	}
	return problems
}
