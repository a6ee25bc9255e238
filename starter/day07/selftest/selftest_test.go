package selftest

import (
	"fmt"
	"testing"
)

// TestSelfCheck runs the self-check that MOCK=1 SELFTEST=1 prints, and
// expects every check to pass.
func TestSelfCheck(t *testing.T) {
	Run(func(r Result) {
		if r.Err != nil {
			t.Errorf("✗ %s: %v%s", r.Name, r.Err, seeExercise(r.Exercise))
		}
	})
}

// seeExercise points a failure at its exercise, if it has one.
func seeExercise(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (see exercise %d)", n)
}
