// Package calc is a small integer calculator.
package calc

import "errors"

// ErrDivideByZero is returned when a division has zero as its divisor.
var ErrDivideByZero = errors.New("calc: divide by zero")

// Add returns a + b.
func Add(a, b int) int { return a + b }

// Sub returns a - b.
func Sub(a, b int) int { return a - b }

// Mul returns a * b.
func Mul(a, b int) int { return a * b }

// Div returns a / b, rounded toward zero.
func Div(a, b int) (int, error) {
	return a / b, nil
}
