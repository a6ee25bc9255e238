package ui

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"ply/day07/approval"
	"ply/day07/llm"
)

// maxTries is how many times a question is put before an unclear answer
// counts as no answer, and so as a refusal.
const maxTries = 3

// maxCommandLines is the most lines of a command a question shows.
const maxCommandLines = 20

// cancelled is the answer to a question whose turn the user cancelled.
var cancelled = approval.Answer{Reply: approval.NoAnswer, Reason: "the turn was cancelled"}

// TerminalAsker asks the person at the terminal, and waits for the answer.
//
// It reads from the REPL's own source of lines: while a turn runs, the
// REPL does not read, so the next line typed is the answer, and the line
// after it is the prompt's again. A second reader of stdin would race the
// REPL's for every line.
type TerminalAsker struct {
	out    io.Writer
	lines  <-chan string // the lines typed; closed at the end of the input
	inputs <-chan input  // or the REPL's own lines, with the ones it refused; nil when lines is used
	styles askStyles
	echo   bool // write each answer after its prompt, as a terminal shows what is typed
}

// NewTerminalAsker returns an asker that writes its questions to out and
// reads the answers from lines.
func NewTerminalAsker(out io.Writer, lines <-chan string) *TerminalAsker {
	return &TerminalAsker{out: out, lines: lines, styles: newAskStyles(out)}
}

// Ask shows q and reads the answer. An unclear answer is asked again, up
// to maxTries times; the end of the input, Ctrl-C (ctx is cancelled) and
// too many unclear answers are no answer, which the gate takes as no.
func (a *TerminalAsker) Ask(ctx context.Context, q approval.Question) approval.Answer {
	if ctx.Err() != nil {
		return cancelled // Ctrl-C came before the question: nobody is there to read it
	}
	a.show(q)
	prompt := "allow? [y/a/n] "
	if q.Grant == "" {
		prompt = "allow? [y/n] "
	}
	for range maxTries {
		fmt.Fprint(a.out, a.styles.prompt.Render(prompt))
		var line string
		var ok bool
		select {
		case <-ctx.Done():
			fmt.Fprintln(a.out)
			return cancelled
		case line, ok = <-a.lines:
		case in, more := <-a.inputs:
			line, ok = in.line, more // a line the REPL refused (too long, a cut terminal) is no clear answer
		}
		if !ok {
			fmt.Fprintln(a.out)
			return approval.Answer{Reply: approval.NoAnswer, Reason: "the input ended"}
		}
		if a.echo {
			fmt.Fprintln(a.out, oneLine(line))
		}
		if answer, ok := parseAnswer(line); ok {
			return answer
		}
		fmt.Fprintln(a.out, a.styles.dim.Render("answer y, a, n, or n and a reason for the model"))
	}
	return approval.Answer{Reply: approval.NoAnswer, Reason: fmt.Sprintf("no clear answer in %d tries", maxTries)}
}

// show prints the question: the call, why the gate asks, what each answer
// does, and for a write the diff of what would change.
func (a *TerminalAsker) show(q approval.Question) {
	s := a.styles
	switch {
	case q.Tool == "run_command":
		fmt.Fprintln(a.out, s.title.Render("? "+q.Tool+" wants to run:"))
		for _, line := range commandLines(q.Command) {
			fmt.Fprintln(a.out, s.dim.Render("  │ ")+line)
		}
	case q.Path != "":
		fmt.Fprintln(a.out, s.title.Render("? "+oneLine(q.Tool)+" wants to change "+oneLine(q.Path)))
	default:
		fmt.Fprintln(a.out, s.title.Render("? "+oneLine(q.Tool)+" "+oneLine(llm.Shorten(q.Arguments, 200))))
	}
	if q.Change != nil {
		a.showChange(*q.Change)
	}
	fmt.Fprintln(a.out, s.dim.Render("  "+oneLine(q.Reason)))
	fmt.Fprintln(a.out, s.dim.Render("  "+choices(q.Grant)))
}

// commandLines returns the lines of a command to show, each made safe,
// at most maxCommandLines of them.
func commandLines(command string) []string {
	lines := strings.Split(command, "\n")
	var out []string
	for i, line := range lines {
		if i == maxCommandLines {
			out = append(out, fmt.Sprintf("… %d more lines", len(lines)-i))
			break
		}
		out = append(out, codeLine(line))
	}
	return out
}

// showChange prints what a write would change, as a coloured diff.
func (a *TerminalAsker) showChange(c approval.Change) {
	if c.Err != nil {
		fmt.Fprintln(a.out, a.styles.dim.Render("  (no preview: "+oneLine(c.Err.Error())+")"))
		return
	}
	for _, line := range unifiedDiff(c.Path, c.Before, c.After) {
		fmt.Fprintln(a.out, a.styles.diff(line.kind).Render(line.text))
	}
}

// choices says what each answer does. "always" is offered only when the
// gate can grant it.
func choices(grant string) string {
	always := ""
	if grant != "" {
		always = "a = always, this session (" + oneLine(llm.Shorten(grant, 80)) + ") · "
	}
	return "y = yes, once · " + always + "n = no · n REASON = no, and tell the model why"
}

// askStyles are the looks of a question, made from a renderer bound to
// the writer the question goes to: plain text in a pipe or a test, or
// with NO_COLOR set.
type askStyles struct {
	title, prompt, dim                 lipgloss.Style
	kept, removed, added, hunk, header lipgloss.Style
}

func newAskStyles(w io.Writer) askStyles {
	r := lipgloss.NewRenderer(w)
	return askStyles{
		title:   r.NewStyle().Bold(true).Foreground(lipgloss.Color("11")),
		prompt:  r.NewStyle().Bold(true),
		dim:     r.NewStyle().Faint(true),
		kept:    r.NewStyle(),
		removed: r.NewStyle().Foreground(lipgloss.Color("9")),
		added:   r.NewStyle().Foreground(lipgloss.Color("10")),
		hunk:    r.NewStyle().Foreground(lipgloss.Color("14")),
		header:  r.NewStyle().Bold(true),
	}
}

// diff returns the style of a diff line of the given kind.
func (s askStyles) diff(kind byte) lipgloss.Style {
	switch kind {
	case '-':
		return s.removed
	case '+':
		return s.added
	case '@':
		return s.hunk
	case 'f':
		return s.header
	case '\\':
		return s.dim
	}
	return s.kept
}

// codeLine is oneLine for a line of a command or of code: a tab stays a
// tab, so that code in a diff keeps its indentation; every other control
// character shows as oneLine shows it.
func codeLine(s string) string {
	parts := strings.Split(s, "\t")
	for i, p := range parts {
		parts[i] = oneLine(p)
	}
	return strings.Join(parts, "\t")
}
