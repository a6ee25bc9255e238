// Command ply is a coding agent built in seven days. This is day 4: the
// model can change the project as well as look at it. It writes and edits
// files and runs shell commands, and ply runs the loop of model and tools
// until the model has its answer. Nothing asks the user first yet: that
// is day 5.
//
// Usage: ply [-C DIR] works in DIR, the current directory by default.
//
// Environment: MOCK=1 picks the scripted model; OPENAI_BASE_URL,
// OPENAI_API_KEY and PLY_MODEL point ply at a real one; SELFTEST=1 runs
// the day's self-check instead of the REPL.
//
// "ply demo" fixes a copy of the playground in a temporary directory.
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
	"slices"

	"ply/day04/agent"
	"ply/day04/llm"
	"ply/day04/sandbox"
	"ply/day04/selftest"
	"ply/day04/tools"
	"ply/day04/ui"
)

func main() {
	os.Exit(run())
}

// run builds ply from the environment and runs it. It returns the exit
// status: main is the only place that ends the program.
func run() int {
	if len(os.Args) > 1 {
		if sub, ok := subcommands()[os.Args[1]]; ok {
			return sub(os.Args[2:])
		}
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
	var box sandboxFlags
	box.register(flags)
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
	repl := newREPL(ws, box.places(ws.Dir()))
	if err := repl.Run(context.Background()); err != nil {
		return fail(1, "ply: read input", err)
	}
	return 0
}

// subcommands are the words ply takes in place of its flags: "ply demo"
// runs demo with the arguments after the word. Each returns the exit
// status.
func subcommands() map[string]func(args []string) int {
	return map[string]func(args []string) int{
		"demo":        demo,
		"mock-server": mockServer,
	}
}

// fail tells the user on stderr why ply failed, after what: the command,
// and what it was doing when that helps, as in "ply: read input". It
// returns status for main to exit with: 2 for a command line ply cannot
// take, 1 for the rest.
func fail(status int, what string, err error) int {
	fmt.Fprintf(os.Stderr, "%s: %v\n", what, err)
	return status
}

// newREPL builds ply from the environment to work in ws: the model, the
// tools (with commands confined to places, or nil) and the REPL on stdin
// and stdout, with a spinner and a running command's progress on stderr,
// and Ctrl-C caught. It has said hello.
func newREPL(ws *tools.Workspace, places *sandbox.Places) *ui.REPL {
	cfg := llm.ConfigFromEnv(os.Getenv)
	registry := tools.NewRegistry(slices.Concat(tools.ReadOnly(ws), tools.Editing(ws, os.Environ(), places))...)
	repl := ui.NewREPL(agent.New(cfg.Gateway(), cfg.Model, registry), os.Stdin, os.Stdout, ui.IsTerminal(os.Stdin))
	if ui.IsTerminal(os.Stderr) {
		repl.ShowSpinner(os.Stderr)
	}
	repl.ShowProgress(os.Stderr, ui.IsTerminal(os.Stderr))
	// Ctrl-C becomes a value on a channel instead of the end of the program:
	// the REPL decides what it cancels.
	interrupts := make(chan os.Signal, 1)
	signal.Notify(interrupts, os.Interrupt)
	repl.CancelOn(interrupts)
	repl.Welcome(cfg, ws.Dir())
	return repl
}

// usage is what ply -h prints.
const usage = `usage: ply [-C dir] [--sandbox-read dir] [--sandbox-write dir] [--sandbox-net]
       ply demo
       ply mock-server [--addr host:port] [--addr-file file]

ply reads your messages, one a line, and answers each with a model;
/help lists the commands. ply demo fixes the bug of a playground, a copy
in a temporary directory, as you watch. ply mock-server serves the
scripted model as an OpenAI-compatible server on loopback (ply
mock-server -h says more). The commands the model runs are confined
by the kernel: they write only the workspace and their own temporary
folder, read neither your home folder nor other processes, and open no
network connection; the --sandbox flags widen that.
The environment says which model ply talks to:

  MOCK=1           the built-in scripted model, offline
  OPENAI_BASE_URL  an OpenAI-compatible server (default https://api.openai.com/v1)
  OPENAI_API_KEY   its API key, if it needs one
  PLY_MODEL        the server's name for the model (default gpt-4o-mini)
  SELFTEST=1       run the day's self-check instead
  PLY_SANDBOX=off  run commands without the sandbox, with all your rights

The flags:
`
