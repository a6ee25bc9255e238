package lab

import (
	"errors"
	"fmt"
	"path/filepath"
)

// ErrFormat is a way in which a day is not yet written in the lab's
// format, version 2. The lab still makes the day's starter; the course's
// TestLabFormat fails until the day is converted.
var ErrFormat = errors.New("not in the lab's format")

// MinHints and MaxHints bound an exercise's hint ladder: where to look,
// the approach, and maybe the pitfall.
const (
	MinHints = 2
	MaxHints = 3
)

// FormatProblems returns how the day in dayDir, with its exercises and
// the wrong answers of its key, falls short of the lab's format: a lab line
// in the old place (see OldPlace), a contract that fills more than
// MaxContractLines lines of its hole, a hint ladder of the wrong length, no
// write-a-test exercise, or one with no wrong answer for its test to
// catch. Each names the place to change.
func FormatProblems(dayDir string, exercises []Exercise, wrongs []Wrong) []error {
	problems := OldPlace(dayDir, exercises)
	at := func(e Exercise, format string, args ...any) {
		file, line := filepath.Join(dayDir, filepath.FromSlash(e.File)), e.Line
		if e.Listed != 0 {
			file, line = filepath.Join(dayDir, SidecarFile), e.Listed
		}
		problems = append(problems, &PosError{File: file, Line: line,
			Err: fmt.Errorf("%w: exercise %d (%s): "+format, append([]any{ErrFormat, e.N, e.Func}, args...)...)})
	}
	tests := 0
	for _, n := range Numbers(exercises) {
		of := Of(exercises, n)
		for _, e := range of {
			if lines := len(ContractLines(e)); lines > MaxContractLines {
				at(e, "the contract fills %d lines of the hole, at most %d: keep what the function must do, and move the how into its hints in %s", lines, MaxContractLines, SidecarFile)
			}
		}
		if h := len(of[0].Hints); h < MinHints || h > MaxHints {
			at(of[0], "%d hints, want %d to %d in %s, under \"%s\": where to look, the approach, the pitfall", h, MinHints, MaxHints, SidecarFile, SectionHeading(of[0]))
		}
		if !of[0].Test {
			continue
		}
		tests++
		caught := 0
		for _, w := range wrongs {
			if w.TestExercise == n {
				caught++
			}
		}
		if caught == 0 {
			at(of[0], "no wrong answer has Test exercise: %d, so nothing shows that the student's test catches a bug", n)
		}
	}
	if tests == 0 {
		problems = append(problems, fmt.Errorf("%w: %s has no exercise where the student writes a test (//lab:exercise N on a func TestXxx(t *testing.T))", ErrFormat, dayDir))
	}
	return problems
}

// OldPlace names each lab line that the day in dayDir still has in its
// code beyond the one contract per exercise, and says how to move it to
// the SidecarFile: a ladder of //lab:hint lines, and the //lab:exercise
// line of an exercise's function after the first. The lab still reads
// them; the format wants the reference code to carry one lab line per
// exercise.
func OldPlace(dayDir string, exercises []Exercise) []error {
	var problems []error
	sidecar := filepath.Join(dayDir, SidecarFile)
	for _, n := range Numbers(exercises) {
		of := Of(exercises, n)
		if first := of[0]; first.HintLine != 0 {
			problems = append(problems, &PosError{File: filepath.Join(dayDir, filepath.FromSlash(first.File)), Line: first.HintLine,
				Err: fmt.Errorf("%w: exercise %d's hints are //lab:hint lines; move them to %s, under \"%s\", as the numbered items 1 to 3", ErrOldPlace, n, sidecar, SectionHeading(first))})
		}
		for _, e := range of[1:] {
			if e.Listed == 0 {
				problems = append(problems, &PosError{File: filepath.Join(dayDir, filepath.FromSlash(e.File)), Line: e.Line,
					Err: fmt.Errorf("%w: a second //lab:exercise %d line; move it to %s, under \"%s\", as \"%s\"", ErrOldPlace, n, sidecar, SectionHeading(of[0]), ListedItem(e))})
			}
		}
	}
	return problems
}

// SectionHeading returns the heading of the SidecarFile's section about
// the exercise whose first function is first.
func SectionHeading(first Exercise) string {
	return fmt.Sprintf("## Exercise %d: `%s` in %s", first.N, first.Func, first.File)
}

// ListedItem returns the line of the SidecarFile that adds the function e
// to its exercise, with its contract.
func ListedItem(e Exercise) string {
	return fmt.Sprintf("- `%s` in %s: %s", e.Func, e.File, e.Contract)
}
