package ui

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	"ply/day01/agent"
	"ply/day01/llm"
)

// REPL reads the user's lines, runs slash commands itself and sends
// everything else to the agent.
type REPL struct {
	agent  *agent.Agent
	in     *bufio.Reader
	out    io.Writer
	styles Styles
	prompt bool // show "> ": a person is typing at a terminal
}

// NewREPL returns a REPL that reads lines from in and writes to out.
// prompt says whether to show a prompt before each line.
func NewREPL(a *agent.Agent, in io.Reader, out io.Writer, prompt bool) *REPL {
	return &REPL{agent: a, in: bufio.NewReader(in), out: out, styles: NewStyles(out), prompt: prompt}
}

// Welcome prints the banner: which model ply talks to, and how to get help.
// When nothing was configured it also says how to point ply at a real model.
func (r *REPL) Welcome(cfg llm.Config) {
	fmt.Fprintln(r.out, r.styles.Title.Render("ply · "+cfg.String()))
	if cfg.Unset {
		r.notice("No model is configured. To use a real one, set OPENAI_API_KEY " +
			"(or OPENAI_BASE_URL for a local server such as Ollama) and PLY_MODEL.")
	}
	r.notice("Type a message, or /help for the commands.")
}

// Run reads and answers lines until /quit or the end of the input. A model
// that fails is reported and the REPL goes on, and so does a line it
// cannot take; Run returns an error only when reading the input fails.
func (r *REPL) Run(ctx context.Context) error {
	for {
		if r.prompt {
			fmt.Fprint(r.out, r.styles.Prompt.Render("> "))
		}
		line, err := r.nextLine()
		switch {
		case errors.Is(err, io.EOF):
			fmt.Fprintln(r.out, "bye")
			return nil
		case refused(err):
			r.fail(err)
		case err != nil:
			return err
		default:
			if quit := r.handle(ctx, strings.TrimSpace(line)); quit {
				return nil
			}
		}
	}
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

// turn sends one line to the agent and prints the reply or the error.
func (r *REPL) turn(ctx context.Context, text string) {
	reply, err := r.agent.Send(ctx, text)
	if err != nil {
		r.fail(err)
		return
	}
	fmt.Fprintln(r.out, printable(reply))
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
