package ui

import (
	"fmt"
	"io"
	"strings"

	"ply/day04/agent"
	"ply/day04/llm"
)

// turnView shows one turn as it happens: the spinner until the first
// event, then each fragment of the reply the moment it arrives, a line for
// each tool call, and a last line that says how the turn ended.
type turnView struct {
	out      io.Writer
	styles   Styles
	spin     func() *Spinner // starts the spinner shown while the model thinks
	spinner  *Spinner        // the one running now
	openLine bool            // text was written and no newline has ended it yet
	progress progressOut     // where a running tool call's progress shows
	running  *toolProgress   // the progress of the call running now
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
	case agent.ToolStart:
		v.endLine()
		v.running = v.progress.start(oneLine(llm.Shorten(e.Name, 40)))
	case agent.ToolProgress:
		v.running.update(e.Line)
	case agent.ToolEnd:
		v.running.finish()
		fmt.Fprintln(v.out, v.toolLine(e))
		v.showPreview(e)
		v.spinner = v.spin() // the model thinks again, over the results
	case agent.RoundLimit:
		v.endLine()
		fmt.Fprintln(v.out, v.styles.Error.Render(fmt.Sprintf(
			"stopped: the turn reached its limit of %d rounds of tool calls; ask again to go on", e.Rounds)))
		v.usage(e.Usage)
	}
}

// toolLine sums up one tool call on one line: a mark, the call as the
// tool read it, and the size of its result and the time it took, or its
// error, or that the user cancelled it. The model writes the name, the arguments and, through them,
// much of the error, so each is cut to a size and kept to one line, with
// no control character left to move the cursor.
func (v *turnView) toolLine(e agent.ToolEnd) string {
	call := oneLine(llm.Shorten(e.Name, 40)) + " " + oneLine(llm.Shorten(e.Arguments, 80))
	if e.Cancelled {
		return v.styles.Error.Render("✗ ") + call + v.styles.Dim.Render(fmt.Sprintf(" · cancelled after %dms", e.Elapsed.Milliseconds()))
	}
	if e.Err != nil {
		return v.styles.Error.Render("✗ ") + call + v.styles.Dim.Render(" · "+oneLine(llm.Shorten(e.Err.Error(), 200)))
	}
	size := fmt.Sprintf("%d chars", e.Chars)
	if e.Truncated {
		size += ", cut to its head and tail"
	}
	return v.styles.OK.Render("✓ ") + call + v.styles.Dim.Render(fmt.Sprintf(" · %s · %dms", size, e.Elapsed.Milliseconds()))
}

// oneLine is printable for text that must stay on its line, such as the
// summary of a tool call: a line end or a tab is shown as its picture too
// (␊, ␍, ␉), so whatever the model wrote, the summary is one line.
func oneLine(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\n' || r == '\r' || r == '\t' {
			return 0x2400 + r // Control Pictures, as printable shows the others
		}
		return printableRune(r)
	}, s)
}

// stop stops the spinner that is running, if one is, and the progress of
// a tool call.
func (v *turnView) stop() {
	v.spinner.Stop()
	v.running.finish()
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
