package ui

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strings"

	"ply/day01/agent"
	"ply/day01/llm"
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
}

// NewREPL returns a REPL that reads lines from in and writes to out.
// prompt says whether to show a prompt before each line.
func NewREPL(a *agent.Agent, in io.Reader, out io.Writer, prompt bool) *REPL {
	scanner := bufio.NewScanner(in)
	scanner.Buffer(make([]byte, 0, 64<<10), maxLine)
	return &REPL{agent: a, in: scanner, out: out, styles: NewStyles(out), prompt: prompt}
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
// that fails is reported and the REPL goes on; Run returns an error only
// when reading the input fails.
func (r *REPL) Run(ctx context.Context) error {
	for {
		if r.prompt {
			fmt.Fprint(r.out, r.styles.Prompt.Render("> "))
		}
		if !r.in.Scan() {
			if err := r.in.Err(); err != nil {
				return err
			}
			fmt.Fprintln(r.out, "bye")
			return nil
		}
		line := strings.TrimSpace(r.in.Text())
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

// turn sends one line to the agent and prints the reply or the error.
func (r *REPL) turn(ctx context.Context, text string) {
	reply, err := r.agent.Send(ctx, text)
	if err != nil {
		r.fail(err)
		return
	}
	fmt.Fprintln(r.out, reply)
}

// notice prints a line of information, dimmed.
func (r *REPL) notice(text string) {
	fmt.Fprintln(r.out, r.styles.Dim.Render(text))
}

// fail prints an error the user should see; the REPL carries on.
func (r *REPL) fail(err error) {
	fmt.Fprintln(r.out, r.styles.Error.Render("error: "+err.Error()))
}
