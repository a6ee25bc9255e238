package ui

import (
	"fmt"
	"io"

	"ply/day01/selftest"
)

// Report prints one line per self-check result, then "K/N passed", and
// reports whether every check passed.
func Report(w io.Writer, results []selftest.Result) bool {
	s := NewStyles(w)
	passed := 0
	for _, r := range results {
		if r.Err == nil {
			passed++
			fmt.Fprintf(w, "%s %s\n", s.OK.Render("✓"), r.Name)
			continue
		}
		line := fmt.Sprintf("%s %s: %v", s.Error.Render("✗"), r.Name, r.Err)
		if r.Exercise > 0 {
			line += s.Dim.Render(fmt.Sprintf(" — see exercise %d", r.Exercise))
		}
		fmt.Fprintln(w, line)
	}
	fmt.Fprintf(w, "%d/%d passed\n", passed, len(results))
	return passed == len(results)
}
