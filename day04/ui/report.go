package ui

import (
	"fmt"
	"io"

	"ply/day04/selftest"
)

// Report shows the self-check: a line for each check as it ends, then
// "K/N passed".
type Report struct {
	w      io.Writer
	styles Styles
	passed int
	total  int
}

// NewReport returns a report that writes to w.
func NewReport(w io.Writer) *Report {
	return &Report{w: w, styles: NewStyles(w)}
}

// Line prints the result of one check.
func (r *Report) Line(res selftest.Result) {
	r.total++
	if res.Err == nil {
		r.passed++
		fmt.Fprintf(r.w, "%s %s\n", r.styles.OK.Render("✓"), res.Name)
		return
	}
	line := fmt.Sprintf("%s %s: %v", r.styles.Error.Render("✗"), res.Name, res.Err)
	if res.Exercise > 0 {
		line += r.styles.Dim.Render(fmt.Sprintf(" — see exercise %d", res.Exercise))
	}
	fmt.Fprintln(r.w, line)
}

// Done prints the tally, "K/N passed", and reports whether every check passed.
func (r *Report) Done() bool {
	fmt.Fprintf(r.w, "%d/%d passed\n", r.passed, r.total)
	return r.passed == r.total
}
