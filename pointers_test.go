package course_test

import (
	"testing"

	"ply/internal/lab"
)

// TestMessagesNameTheirDay checks that a test message a day inherits,
// "(see day06's exercise 3)", names the day whose exercise it means, so
// that it says the same in the reference day as in its starter, and in
// every day after the one that wrote it.
func TestMessagesNameTheirDay(t *testing.T) {
	for _, d := range courseDays(t) {
		problems, err := lab.MessageProblems(d.Dir)
		if err != nil {
			t.Error(err)
			continue
		}
		for _, p := range problems {
			t.Error(p)
		}
	}
}
