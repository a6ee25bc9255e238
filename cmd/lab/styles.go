package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// styles are the companion's looks, bound to the writer they style: on a
// terminal, colour; in a pipe or under NO_COLOR, plain text.
type styles struct {
	Done, Started, Todo, Bad, Dim, Bold lipgloss.Style
}

// newStyles builds the looks for w.
func newStyles(w io.Writer) styles {
	r := lipgloss.NewRenderer(w)
	return styles{
		Done:    r.NewStyle().Foreground(lipgloss.Color("2")),
		Started: r.NewStyle().Foreground(lipgloss.Color("3")),
		Todo:    r.NewStyle().Faint(true),
		Bad:     r.NewStyle().Foreground(lipgloss.Color("9")),
		Dim:     r.NewStyle().Faint(true),
		Bold:    r.NewStyle().Bold(true),
	}
}

// barWidth is how many cells a progress bar takes.
const barWidth = 20

// bar draws a progress bar of done out of total, then the count.
func (s styles) bar(done, total int, unit string) string {
	full := 0
	if total > 0 {
		full = done * barWidth / total
	}
	return fmt.Sprintf("%s%s %d/%d %s",
		s.Done.Render(strings.Repeat("█", full)), s.Todo.Render(strings.Repeat("░", barWidth-full)), done, total, unit)
}
