// Wrong: compares how big the numbers are, which is right only for
// numbers that are not negative.
// Exercise: 1
// Caught by: TestMax/negative
// Test exercise: 3
package calc

func Max(a, b int) int {
	if abs(a) > abs(b) {
		return a
	}
	return b
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
