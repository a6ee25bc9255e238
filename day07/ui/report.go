package ui

import (
	"fmt"
	"io"
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

// Line prints the result of the check name, which waits for exercise (0
// for none): passed when err is nil. It takes the result's parts rather
// than a selftest.Result, so that the self-check can check ui too.
func (r *Report) Line(name string, exercise int, err error) {
	r.total++
	if err == nil {
		r.passed++
		fmt.Fprintf(r.w, "%s %s\n", r.styles.OK.Render("✓"), name)
		return
	}
	line := fmt.Sprintf("%s %s: %v", r.styles.Error.Render("✗"), name, err)
	if exercise > 0 {
		line += r.styles.Dim.Render(fmt.Sprintf(" — see exercise %d", exercise))
	}
	fmt.Fprintln(r.w, line)
}

// Done prints the tally, "K/N passed", and reports whether every check passed.
func (r *Report) Done() bool {
	fmt.Fprintf(r.w, "%d/%d passed\n", r.passed, r.total)
	return r.passed == r.total
}
