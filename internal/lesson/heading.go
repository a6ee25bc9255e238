package lesson

import (
	"os"
	"regexp"
	"strconv"
	"strings"
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

// isHeading reports whether line is a markdown heading: up to three spaces,
// one to six #, then a space or the end of the line.
func isHeading(line string) bool {
	text := strings.TrimLeft(line, " ")
	if len(line)-len(text) > 3 {
		return false
	}
	rest := strings.TrimLeft(text, "#")
	level := len(text) - len(rest)
	return level >= 1 && level <= 6 && (rest == "" || rest[0] == ' ' || rest[0] == '\t')
}
