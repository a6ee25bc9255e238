// Command ply is a coding agent built in seven days. This is day 3: the
// model can look around the project with read-only tools, and ply runs the
// loop of model and tools until the model has its answer.
//
// Usage: ply [-C DIR] works in DIR, the current directory by default.
//
// Environment: MOCK=1 picks the scripted model; OPENAI_BASE_URL,
// OPENAI_API_KEY and PLY_MODEL point ply at a real one; SELFTEST=1 runs
// the day's self-check instead of the REPL.
//
// "ply mock-server" serves the scripted model as an OpenAI-compatible
// endpoint on loopback.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"

	"ply/day03/agent"
	"ply/day03/llm"
	"ply/day03/selftest"
	"ply/day03/tools"
	"ply/day03/ui"
)

func main() {
	os.Exit(run())
}

// run builds ply from the environment and runs it. It returns the exit
// status: main is the only place that ends the program.
func run() int {
	if len(os.Args) > 1 && os.Args[1] == "mock-server" {
		return mockServer(os.Args[2:])
	}
	if os.Getenv("SELFTEST") == "1" {
		report := ui.NewReport(os.Stdout)
		selftest.Run(report.Line)
		if report.Done() {
			return 0
		}
		return 1
	}
	flags := flag.NewFlagSet("ply", flag.ContinueOnError)
	dir := flags.String("C", ".", "work in `dir`: the tools see this directory and nothing outside it")
	flags.Usage = func() {
		fmt.Fprint(flags.Output(), usage)
		flags.PrintDefaults()
	}
	if err := flags.Parse(os.Args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0 // ply -h: the usage is what was asked for
		}
		return 2 // flag has printed the problem and the usage
	}
	if flags.NArg() > 0 {
		return fail(2, "ply", fmt.Errorf("unexpected argument %q (ply -h shows the usage)", flags.Arg(0)))
	}
	ws, err := tools.NewWorkspace(*dir)
	if err != nil {
		return fail(2, "ply", err)
	}
	defer ws.Close()
	cfg := llm.ConfigFromEnv(os.Getenv)
	registry := tools.NewRegistry(tools.ReadOnly(ws)...)
	repl := ui.NewREPL(agent.New(cfg.Gateway(), cfg.Model, registry), os.Stdin, os.Stdout, ui.IsTerminal(os.Stdin))
	if ui.IsTerminal(os.Stderr) {
		repl.ShowSpinner(os.Stderr)
	}
	// Ctrl-C becomes a value on a channel instead of the end of the program:
	// the REPL decides what it cancels.
	interrupts := make(chan os.Signal, 1)
	signal.Notify(interrupts, os.Interrupt)
	repl.CancelOn(interrupts)
	repl.Welcome(cfg, ws.Dir())
	if err := repl.Run(context.Background()); err != nil {
		return fail(1, "ply: read input", err)
	}
	return 0
}

// fail tells the user on stderr why ply failed, after what: the command,
// and what it was doing when that helps, as in "ply: read input". It
// returns status for main to exit with: 2 for a command line ply cannot
// take, 1 for the rest.
func fail(status int, what string, err error) int {
	fmt.Fprintf(os.Stderr, "%s: %v\n", what, err)
	return status
}

// usage is what ply -h prints.
const usage = `usage: ply [-C dir]
       ply mock-server [--addr host:port] [--addr-file file]

ply reads your messages, one a line, and answers each with a model;
/help lists the commands. ply mock-server serves the scripted model as
an OpenAI-compatible server on loopback (ply mock-server -h says more).
The environment says which model ply talks to:

  MOCK=1           the built-in scripted model, offline
  OPENAI_BASE_URL  an OpenAI-compatible server (default https://api.openai.com/v1)
  OPENAI_API_KEY   its API key, if it needs one
  PLY_MODEL        the server's name for the model (default gpt-4o-mini)
  SELFTEST=1       run the day's self-check instead

The flags:
`
