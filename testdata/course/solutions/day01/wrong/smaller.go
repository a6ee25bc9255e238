// Wrong: the comparison points the wrong way, so Max returns the smaller.
// Exercise: 1
// Caught by: TestMax/larger_first, self-check "max picks the larger"
// Test exercise: 3
package calc

func Max(a, b int) int {
	if a < b {
		return a
	}
	return b
}
