package lab

import (
	"errors"
	"fmt"
)

// The reasons the lab refuses a day, a wrong answer or a lesson. Each
// comes wrapped with the place it was found: a *PosError for a line of a
// file, the day's folder otherwise.
var (
	ErrMisplaced     = errors.New("a lab directive must be in the block of //lab: lines that ends the doc comment of a function with a body")
	ErrLookalike     = errors.New("looks like a lab directive but is not one; the directive is //lab:exercise N CONTRACT")
	ErrSidecar       = errors.New("the lab's sidecar, " + SidecarFile + ", does not fit the code")
	ErrOldPlace      = errors.New("a lab line in the old place")
	ErrBadNumber     = errors.New("exercise number is not a positive integer")
	ErrNoContract    = errors.New("exercise has no contract")
	ErrHintAlone     = errors.New("//lab:hint must follow a //lab:exercise line")
	ErrHintPlace     = errors.New("hints belong to the first function of their exercise")
	ErrNotATest      = errors.New("an exercise in a _test.go file must be a test, func TestXxx(t *testing.T)")
	ErrGap           = errors.New("exercises must be numbered 1, 2, 3 … without gaps")
	ErrNoZero        = errors.New("cannot write the zero value of a result")
	ErrWrongAnswer   = errors.New("bad wrong answer")
	ErrStudentWork   = errors.New("would overwrite work that is not what the lab last generated")
	ErrUnknownDay    = errors.New("no such day")
	ErrUnknownNumber = errors.New("no such exercise")
)

// A PosError is a mistake at a line of a file: a directive in a day's
// code, a wrong answer's header, a quote in a lesson.
type PosError struct {
	File string // the file as it was named to the lab, such as day01/llm/mock.go
	Line int    // 1-based
	Err  error  // what is wrong: one of the Err values of lab or lesson, wrapped with details
}

func (e *PosError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }
func (e *PosError) Unwrap() error { return e.Err }
