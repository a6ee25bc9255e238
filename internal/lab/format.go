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
// the wrong answers of its key, falls short of the lab's format: a
// contract that fills more than MaxContractLines lines of its hole, a hint
// ladder of the wrong length, no write-a-test exercise, or one with no
// wrong answer for its test to catch. Each names the place to change.
func FormatProblems(dayDir string, exercises []Exercise, wrongs []Wrong) []error {
	var problems []error
	at := func(e Exercise, format string, args ...any) {
		problems = append(problems, &PosError{File: filepath.Join(dayDir, filepath.FromSlash(e.File)), Line: e.Line,
			Err: fmt.Errorf("%w: exercise %d (%s): "+format, append([]any{ErrFormat, e.N, e.Func}, args...)...)})
	}
	tests := 0
	for _, n := range Numbers(exercises) {
		of := Of(exercises, n)
		for _, e := range of {
			if lines := len(ContractLines(e)); lines > MaxContractLines {
				at(e, "the contract fills %d lines of the hole, at most %d: keep what the function must do, and move the how into //lab:hint lines", lines, MaxContractLines)
			}
		}
		if h := len(of[0].Hints); h < MinHints || h > MaxHints {
			at(of[0], "%d //lab:hint lines, want %d to %d on its first function: where to look, the approach, the pitfall", h, MinHints, MaxHints)
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
