package lab

import (
	"errors"
	"fmt"
)

// The reasons the lab refuses a day. Each comes wrapped with the place it
// was found: a *PosError for a line of a file, the day's folder otherwise.
var (
	ErrMisplaced        = errors.New("//lab:exercise must be the last line of the doc comment of a function with a body")
	ErrUnknownDirective = errors.New("unknown directive; the lab knows only //lab:exercise")
	ErrBadNumber        = errors.New("exercise number is not a positive integer")
	ErrNoHint           = errors.New("exercise has no hint")
	ErrGap              = errors.New("exercises must be numbered 1, 2, 3 … without gaps")
	ErrNoZero           = errors.New("cannot write the zero value of a result")
)

// A PosError is a mistake at a line of a source file.
type PosError struct {
	File string // the file as the lab was given it, such as day01/llm/mock.go
	Line int    // 1-based
	Err  error  // what is wrong: one of the Err values above, wrapped with details
}

func (e *PosError) Error() string { return fmt.Sprintf("%s:%d: %v", e.File, e.Line, e.Err) }
func (e *PosError) Unwrap() error { return e.Err }
