package selftest

import (
	"fmt"

	"ply/day01/calc"
)

// checks is the self-check, in the order of the lesson.
var checks = []Check{
	{"max picks the larger", 1, maxLarger},
	{"sum adds every number", 2, sumAdds},
	{"the sum of nothing is 0", 0, sumEmpty},
}

func maxLarger() error {
	if got := calc.Max(2, 7); got != 7 {
		return fmt.Errorf("Max(2, 7) = %d, want 7", got)
	}
	return nil
}

func sumAdds() error {
	if got := calc.Sum([]int{4, 5}); got != 9 {
		return fmt.Errorf("Sum(4, 5) = %d, want 9", got)
	}
	return nil
}

func sumEmpty() error {
	if got := calc.Sum(nil); got != 0 {
		return fmt.Errorf("Sum() = %d, want 0", got)
	}
	return nil
}
