package ui

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"ply/day04/agent"
	"ply/day04/llm"
)

// maxLine is the longest line the REPL reads: long enough for a pasted
// stack trace, short enough that a runaway pipe cannot exhaust memory.
const maxLine = 1 << 20

// REPL reads the user's lines, runs slash commands itself and sends
// everything else to the agent.
type REPL struct {
	agent  *agent.Agent
	in     *bufio.Scanner
	out    io.Writer
	styles Styles
	prompt bool // show "> ": a person is typing at a terminal

	spinOut    io.Writer        // where the spinner draws; nil for none
	spinStyle  lipgloss.Style   // the spinner's look, from spinOut's renderer
	interrupts <-chan os.Signal // Ctrl-C; nil when none can come
	readErr    error            // why reading the input stopped; set before lines closes
	progress   progressOut      // where a running tool call's progress shows; nowhere at first
}

// NewREPL returns a REPL that reads lines from in and writes to out.
// prompt says whether to show a prompt before each line.
func NewREPL(a *agent.Agent, in io.Reader, out io.Writer, prompt bool) *REPL {
	scanner := bufio.NewScanner(in)
	scanner.Buffer(make([]byte, 0, 64<<10), maxLine)
	return &REPL{agent: a, in: scanner, out: out, styles: NewStyles(out), prompt: prompt}
}

// ShowSpinner makes the REPL show a spinner on w while it waits for a
// reply to begin. w must be a terminal; stderr is the usual one, so that
// the spinner never mixes into a reply that is piped on.
func (r *REPL) ShowSpinner(w io.Writer) {
	r.spinOut, r.spinStyle = w, NewStyles(w).Dim
}

// CancelOn makes each value from interrupts (Ctrl-C) cancel the reply in
// progress, or leave ply when it comes at the prompt.
func (r *REPL) CancelOn(interrupts <-chan os.Signal) {
	r.interrupts = interrupts
}

// Welcome prints the banner: which model ply talks to, the workspace it
// works in, and how to get help. When nothing was configured it also says
// how to point ply at a real model.
func (r *REPL) Welcome(cfg llm.Config, workspace string) {
	fmt.Fprintln(r.out, r.styles.Title.Render("ply · "+cfg.String()))
	r.notice("workspace: " + workspace)
	if cfg.Unset {
		r.notice("No model is configured. To use a real one, set OPENAI_API_KEY " +
			"(or OPENAI_BASE_URL for a local server such as Ollama) and PLY_MODEL.")
	}
	r.notice("Type a message, or /help for the commands.")
}

// Run reads and answers lines until /quit, the end of the input, or Ctrl-C
// at the prompt. A model that fails is reported and the REPL goes on; Run
// returns an error only when reading the input fails.
func (r *REPL) Run(ctx context.Context) error {
	lines := r.readLines()
	for {
		if r.prompt {
			fmt.Fprint(r.out, r.styles.Prompt.Render("> "))
		}
		var line string
		select {
		case next, ok := <-lines:
			if !ok {
				if r.readErr != nil {
					return r.readErr
				}
				fmt.Fprintln(r.out, "bye")
				return nil
			}
			line = strings.TrimSpace(next)
		case <-r.interrupts:
			fmt.Fprintln(r.out, "\nbye")
			return nil
		}
		switch {
		case line == "":
			continue
		case strings.HasPrefix(line, "/"):
			if quit := r.command(line); quit {
				return nil
			}
		default:
			r.turn(ctx, line)
		}
	}
}

// readLines reads the input on a goroutine of its own, so that the REPL can
// wait for a line and for Ctrl-C at the same time. The channel is closed at
// the end of the input, and r.readErr is set before it is. If the REPL
// quits first, the goroutine stays blocked on its read until the process
// ends.
func (r *REPL) readLines() <-chan string {
	lines := make(chan string)
	go func() {
		defer close(lines)
		for r.in.Scan() {
			lines <- r.in.Text()
		}
		r.readErr = r.in.Err()
	}()
	return lines
}

// turn sends one line to the agent and shows the reply as it streams in.
// Ctrl-C during the turn cancels it, and only it.
func (r *REPL) turn(ctx context.Context, text string) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stopWatching := r.watchInterrupts(cancel)
	defer stopWatching()

	view := &turnView{out: r.out, styles: r.styles, progress: r.progress, spin: func() *Spinner {
		return StartSpinner(r.spinOut, r.spinStyle, "waiting for "+r.agent.Model())
	}}
	view.spinner = view.spin()
	defer view.stop()
	r.agent.Send(ctx, text, view.show)
}

// watchInterrupts calls cancel if Ctrl-C comes before the returned stop is
// called. stop waits for the watcher to end, so that a Ctrl-C after the
// turn is left for the prompt to see.
func (r *REPL) watchInterrupts(cancel context.CancelFunc) (stop func()) {
	done := make(chan struct{})
	watching := make(chan struct{})
	go func() {
		defer close(watching)
		select {
		case <-r.interrupts:
			cancel()
		case <-done:
		}
	}()
	return func() {
		close(done)
		<-watching
	}
}

// notice prints a line of information, dimmed.
func (r *REPL) notice(text string) {
	fmt.Fprintln(r.out, r.styles.Dim.Render(text))
}

// fail prints an error the user should see; the REPL carries on.
func (r *REPL) fail(err error) {
	fmt.Fprintln(r.out, r.styles.Error.Render("error: "+err.Error()))
}
