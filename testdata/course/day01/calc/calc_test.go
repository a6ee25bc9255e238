package calc

import "testing"

func TestMax(t *testing.T) {
	tests := []struct {
		name       string
		a, b, want int
	}{
		{"larger first", 3, 2, 3},
		{"larger second", 2, 3, 3},
		{"negative", -5, -3, -3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Max(tt.a, tt.b); got != tt.want {
				t.Errorf("Max(%d, %d) = %d, want %d (see exercise 1)", tt.a, tt.b, got, tt.want)
			}
		})
	}
}

func TestSum(t *testing.T) {
	if got := Sum([]int{1, 2, 3}); got != 6 {
		t.Errorf("Sum(1, 2, 3) = %d, want 6 (see exercise 2)", got)
	}
}

// TestSumOfNegatives is a test the lesson does not name, which exercise 2
// turns green all the same.
func TestSumOfNegatives(t *testing.T) {
	if got := Sum([]int{-1, -2}); got != -3 {
		t.Errorf("Sum(-1, -2) = %d, want -3 (see exercise 2)", got)
	}
}

// TestMaxOfNegatives shows that Max compares numbers, not their sizes.
//
//lab:exercise 3 Write a test that fails when Max compares the sizes of negative numbers.
func TestMaxOfNegatives(t *testing.T) {
	if got := Max(-5, -3); got != -3 {
		t.Errorf("Max(-5, -3) = %d, want -3", got)
	}
}
