// Package ui is everything the user sees: the REPL, its banner and slash
// commands, and the self-check report. It is the only package that imports
// lipgloss; the layers below produce text and errors, and ui gives them a look.
package ui

import (
	"io"

	"github.com/charmbracelet/lipgloss"
)

// Styles are the looks of ply's output.
type Styles struct {
	Title  lipgloss.Style // the banner's first line
	Prompt lipgloss.Style // the "> " before the user types
	Error  lipgloss.Style // "error: …" lines and failed checks
	OK     lipgloss.Style // passed checks
	Dim    lipgloss.Style // hints, notices and the tails of lines
}

// NewStyles builds the styles for w. The renderer looks at w itself:
// colour and weight are dropped when w is not a terminal or NO_COLOR is
// set, so pipes, files and tests get plain text with no checks of our own.
func NewStyles(w io.Writer) Styles {
	r := lipgloss.NewRenderer(w)
	return Styles{
		Title:  r.NewStyle().Bold(true),
		Prompt: r.NewStyle().Bold(true).Foreground(lipgloss.Color("12")),
		Error:  r.NewStyle().Foreground(lipgloss.Color("9")),
		OK:     r.NewStyle().Foreground(lipgloss.Color("10")),
		Dim:    r.NewStyle().Faint(true),
	}
}
