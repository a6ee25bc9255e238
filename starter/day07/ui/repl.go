package ui

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"ply/day07/agent"
	"ply/day07/llm"
)

// REPL reads the user's lines, runs slash commands itself and sends
// everything else to the agent.
type REPL struct {
	agent  *agent.Agent
	in     *bufio.Reader
	out    io.Writer
	styles Styles
	prompt bool // show "> ": a person is typing at a terminal

	spinOut    io.Writer        // where the spinner draws; nil for none
	spinStyle  lipgloss.Style   // the spinner's look, from spinOut's renderer
	interrupts <-chan os.Signal // Ctrl-C; nil when none can come
	readErr    error            // why reading the input stopped; set before lines closes
	progress   progressOut      // where a running tool call's progress shows; nowhere at first
	lines      <-chan input     // the input's lines, read once and shared with the asker; nil until read
	view       *turnView        // the turn on the screen, for a question to pause its progress line
	sessions   *sessions        // where the conversation is logged; nil when it is not
}

// NewREPL returns a REPL that reads lines from in and writes to out.
// prompt says whether to show a prompt before each line.
func NewREPL(a *agent.Agent, in io.Reader, out io.Writer, prompt bool) *REPL {
	return &REPL{agent: a, in: bufio.NewReader(in), out: out, styles: NewStyles(out), prompt: prompt}
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
	r.notice("workspace: " + printable(workspace))
	if cfg.Unset {
		r.notice("No model is configured. To use a real one, set OPENAI_API_KEY " +
			"(or OPENAI_BASE_URL for a local server such as Ollama) and PLY_MODEL.")
	}
	r.notice("Type a message, or /help for the commands.")
}

// Run reads and answers lines until /quit, the end of the input, or Ctrl-C
// at the prompt. A model that fails is reported and the REPL goes on, and
// so does a line it cannot take; Run returns an error only when reading
// the input fails.
func (r *REPL) Run(ctx context.Context) error {
	lines := r.lineSource()
	for {
		if r.prompt {
			fmt.Fprint(r.out, r.styles.Prompt.Render("> "))
		}
		var next input
		select {
		case in, ok := <-lines:
			if !ok {
				if r.readErr != nil {
					return r.readErr
				}
				fmt.Fprintln(r.out, "bye")
				return nil
			}
			next = in
		case <-r.interrupts:
			fmt.Fprintln(r.out, "\nbye")
			return nil
		}
		if next.refusal != nil {
			r.fail(next.refusal)
			continue
		}
		if quit := r.handle(ctx, strings.TrimSpace(next.line)); quit {
			return nil
		}
	}
}

// input is one line from the user, or why the REPL refuses it.
type input struct {
	line    string
	refusal error // errLineTooLong or errTerminalCut; nil for a line to act on
}

// readLines reads the input on a goroutine of its own, so that the REPL can
// wait for a line and for Ctrl-C at the same time. The channel is closed at
// the end of the input, and r.readErr is set before it is. If the REPL
// quits first, the goroutine stays blocked on its read until the process
// ends.
func (r *REPL) readLines() <-chan input {
	lines := make(chan input)
	go func() {
		defer close(lines)
		for {
			line, err := r.nextLine()
			switch {
			case refused(err):
				lines <- input{refusal: err}
			case errors.Is(err, io.EOF):
				return
			case err != nil:
				r.readErr = err
				return
			default:
				lines <- input{line: line}
			}
		}
	}()
	return lines
}

// nextLine reads the user's next line. A line the REPL refuses comes back
// with an error that refused reports; the end of the input is io.EOF.
func (r *REPL) nextLine() (string, error) {
	line, err := readLine(r.in)
	if err == nil && r.prompt && cutByTerminal(line) {
		return "", errTerminalCut
	}
	return line, err
}

// handle acts on one line and reports whether the REPL should stop. A
// line that starts with "/" is a command, and one that starts with "//"
// is a message that starts with "/": "//etc/hosts" sends "/etc/hosts".
func (r *REPL) handle(ctx context.Context, line string) (quit bool) {
	switch {
	case line == "":
	case strings.HasPrefix(line, "//"):
		r.turn(ctx, line[1:])
	case strings.HasPrefix(line, "/"):
		return r.command(line)
	default:
		r.turn(ctx, line)
	}
	return false
}

// turn sends one line to the agent and shows the reply as it streams in.
// Ctrl-C during the turn cancels it, and only it.
func (r *REPL) turn(ctx context.Context, text string) {
	r.run(ctx, func(ctx context.Context, emit func(agent.Event)) { r.agent.Send(ctx, text, emit) })
}

// run runs one turn that send starts, showing it as it happens.
func (r *REPL) run(ctx context.Context, send func(context.Context, func(agent.Event))) {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stopWatching := r.watchInterrupts(cancel)
	defer stopWatching()

	view := &turnView{out: r.out, styles: r.styles, progress: r.progress, spin: func() *Spinner {
		return StartSpinner(r.spinOut, r.spinStyle, "waiting for "+r.agent.Model())
	}}
	view.spinner = view.spin()
	r.view = view
	defer view.stop()
	send(ctx, view.show)
	r.afterTurn()
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

// fail prints an error the user should see; the REPL carries on. An
// error can quote a server, so its text is made printable.
func (r *REPL) fail(err error) {
	fmt.Fprintln(r.out, r.styles.Error.Render("error: "+printable(err.Error())))
}
