package ui

import (
	"strings"

	"ply/day06/agent"
	"ply/day06/llm"
)

// A tool's line says how much it returned; the preview under it shows a
// little of what: the first lines and the last, which are where a listing
// starts and a test run says how it ended. It is kept small, so that the
// conversation stays the thing on the screen.
const (
	previewHead  = 3   // lines shown from the top of the output
	previewTail  = 2   // lines shown from its end
	previewWidth = 100 // characters kept of each line shown
)

// preview returns the lines to show under a tool's line for output: its
// first previewHead and last previewTail lines that are not blank, each
// cut to previewWidth characters and made printable, since the output is
// whatever the file or the command held (a split line holds no line end,
// and printable leaves no other control character). Between them, when
// lines were left out, a line says how many. It returns nil for an output
// with nothing to show.
func preview(output string) []string {
	var lines []string
	for _, line := range strings.Split(output, "\n") {
		if strings.TrimSpace(line) != "" {
			lines = append(lines, printable(llm.Shorten(strings.TrimRight(line, " \t\r"), previewWidth)))
		}
	}
	if len(lines) <= previewHead+previewTail {
		return lines
	}
	hidden := len(lines) - previewHead - previewTail
	shown := append([]string{}, lines[:previewHead]...)
	shown = append(shown, "… "+llm.Count(hidden, "more line"))
	return append(shown, lines[len(lines)-previewTail:]...)
}

// showPreview prints, dim and indented under a call's line, the preview of
// what the call returned. A call that failed has its error on the line and
// nothing more to show.
func (v *turnView) showPreview(e agent.ToolEnd) {
	if e.Err != nil {
		return
	}
	for _, line := range preview(e.Output) {
		v.dim("    " + line)
	}
}
