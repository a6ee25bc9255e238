package lab

import (
	"slices"
	"strings"
	"testing"
)

func TestSplice(t *testing.T) {
	course := `package calc

import "errors"

// ErrZero is the error of a division by zero.
var ErrZero = errors.New("division by zero")

// Div divides.
func Div(a, b int) (int, error) {
	// TODO(lab 1): divide.
	return 0, errors.New("exercise 1 is not done yet")
}

// Mul multiplies.
func Mul(a, b int) int { return a * b }
`
	mine := `package calc

import (
	"errors"
	"fmt"
)

var ErrZero = fmt.Errorf("anything goes")

// Div divides, my way.
func Div(a, b int) (int, error) {
	if b == 0 {
		return 0, wrap(ErrZero)
	}
	return a / b, nil
}

func wrap(err error) error { return fmt.Errorf("div: %w", err) }

// Mul multiplies, or not.
func Mul(a, b int) int { return 0 }

func init() { ErrZero = nil }
`
	got, left, err := splice("calc/calc.go", []byte(course), []byte(mine), []string{"Div"})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"// Div divides, my way.", "return 0, wrap(ErrZero)", "func wrap(err error) error", `"fmt"`, `errors.New("division by zero")`, "func Mul(a, b int) int { return a * b }"} {
		if !strings.Contains(string(got), want) {
			t.Errorf("the spliced file misses %q:\n%s", want, got)
		}
	}
	for _, unwanted := range []string{"anything goes", "return 0 }", "func init"} {
		if strings.Contains(string(got), unwanted) {
			t.Errorf("the spliced file holds %q, a change outside the exercise:\n%s", unwanted, got)
		}
	}
	if want := []string{"ErrZero", "Mul", "init"}; !slices.Equal(left, want) {
		t.Errorf("left out %q, want %q", left, want)
	}
}
