// Package calc is the package of the test course's exercises.
package calc

// Max returns the larger of a and b.
//
//lab:exercise 1 Return the larger of a and b.
func Max(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// Sum returns the sum of xs; 0 when there are none.
//
//lab:exercise 2 Return the sum of xs, 0 for none.
func Sum(xs []int) int {
	total := 0
	for _, x := range xs {
		total += x
	}
	return total
}
