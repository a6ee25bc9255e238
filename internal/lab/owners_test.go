package lab

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestDayOwners works out which tests each exercise of the test course
// turns green: those of Max are exercise 1's, those of Sum exercise 2's,
// the one the lesson does not name too, and the test to write needs
// exercise 1 and itself.
func TestDayOwners(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the test course and runs its tests in each variant")
	}
	o, err := DayOwners(t.Context(), courseDir, courseDay, nil)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, owner := range o.Tests {
		got = append(got, fmt.Sprintf("%s %s %v", owner.Package, owner.Test, owner.Exercises))
	}
	want := []string{
		"calc TestMax/larger_first [1]",
		"calc TestMax/larger_second [1]",
		"calc TestMax/negative [1]",
		"calc TestMaxOfNegatives [1 3]",
		"calc TestSum [2]",
		"calc TestSumOfNegatives [2]",
	}
	if !slices.Equal(got, want) {
		t.Errorf("owners:\n\t%s\nwant\n\t%s", strings.Join(got, "\n\t"), strings.Join(want, "\n\t"))
	}
	if again, err := DayOwners(t.Context(), courseDir, courseDay, func(string) { t.Error("the owners were worked out again, for the same day") }); err != nil || again.Key != o.Key {
		t.Errorf("DayOwners again = %v, %v; want the cached owners", again, err)
	}
	if c := CachedOwners(courseDir, courseDay); c == nil || c.Key != o.Key {
		t.Errorf("CachedOwners = %v, want the owners just worked out", c)
	}
}
