package ui

import (
	"fmt"
	"io"
	"strings"

	"ply/day02/agent"
	"ply/day02/llm"
)

// turnView shows one turn as it happens: the spinner until the first
// event, then each fragment of the reply the moment it arrives, and a last
// line that says how the turn ended.
type turnView struct {
	out      io.Writer
	styles   Styles
	spinner  *Spinner
	openLine bool // text was written and no newline has ended it yet
}

// show renders one event. Fragments are written as they come, made
// printable one by one, with no styling and no buffering, so the reply
// appears as fast as it comes.
func (v *turnView) show(e agent.Event) {
	v.spinner.Stop()
	switch e := e.(type) {
	case agent.Text:
		_, _ = io.WriteString(v.out, printable(e.Text)) // a terminal that takes no more has no one to tell
		v.openLine = !strings.HasSuffix(e.Text, "\n")
	case agent.TurnDone:
		v.endLine()
		v.usage(e.Usage)
	case agent.Failed:
		v.endLine()
		fmt.Fprintln(v.out, v.styles.Error.Render("error: "+printable(e.Err.Error())))
	case agent.Cancelled:
		v.endLine()
		if e.Kept {
			v.dim("cancelled; the reply so far stays in the conversation")
		} else {
			v.dim("cancelled")
		}
	}
}

// usage shows what a turn cost, when the server said.
func (v *turnView) usage(u llm.Usage) {
	if u.Input+u.Output > 0 {
		v.dim(fmt.Sprintf("tokens: %d in, %d out", u.Input, u.Output))
	}
}

// endLine finishes a line the reply left open.
func (v *turnView) endLine() {
	if v.openLine {
		fmt.Fprintln(v.out)
		v.openLine = false
	}
}

func (v *turnView) dim(text string) {
	fmt.Fprintln(v.out, v.styles.Dim.Render(text))
}
