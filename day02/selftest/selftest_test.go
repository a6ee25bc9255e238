package selftest

import "testing"

// TestSelfCheck runs the self-check that MOCK=1 SELFTEST=1 prints, and
// expects every check to pass.
func TestSelfCheck(t *testing.T) {
	Run(func(r Result) {
		if r.Err != nil {
			t.Errorf("✗ %s: %v (exercise %d; 0 means no exercise)", r.Name, r.Err, r.Exercise)
		}
	})
}
