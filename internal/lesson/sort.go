package lesson

import (
	"cmp"
	"errors"
	"slices"

	"ply/internal/lab"
)

// sortByLine sorts errs by the line they point at; errors that point at no
// line come first.
func sortByLine(errs []error) []error {
	line := func(err error) int {
		var pe *lab.PosError
		if errors.As(err, &pe) {
			return pe.Line
		}
		return 0
	}
	slices.SortStableFunc(errs, func(a, b error) int { return cmp.Compare(line(a), line(b)) })
	return errs
}
