// Command ply is a coding agent built in seven days. This is day 5: the
// model can change the project as well as look at it, and an approval
// gate decides about every call before it runs. Tools that only read run;
// a command runs without asking only when every part of it is on the
// allow-list; everything else asks the user, and with no terminal to ask
// on, is refused.
//
// Usage: ply [-C DIR] [--allow RULE]... [--yes] works in DIR, the current
// directory by default. --allow 'go test' lets go test run without
// asking; --yes answers yes to every question.
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

	"ply/day05/agent"
	"ply/day05/llm"
	"ply/day05/sandbox"
	"ply/day05/selftest"
	"ply/day05/tools"
	"ply/day05/ui"
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
		selftest.Run(func(res selftest.Result) { report.Line(res.Name, res.Exercise, res.Err) })
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
	var gate gateFlags
	gate.add(flags)
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
	places := box.places(ws.Dir())
	repl, a := newREPL(ws, places)
	a.Guard(gate.newGate(ws.Dir(), places != nil), gate.asker(repl))
	if gate.yes {
		repl.WarnYes()
	}
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
// and Ctrl-C caught. It has said hello. The agent it returns refuses every
// call its gate asks about, until Guard gives it the session's gate and
// who answers.
func newREPL(ws *tools.Workspace, places *sandbox.Places) (*ui.REPL, *agent.Agent) {
	cfg := llm.ConfigFromEnv(os.Getenv)
	registry := tools.NewRegistry(slices.Concat(tools.ReadOnly(ws), tools.Editing(ws, os.Environ(), places))...)
	a := agent.New(cfg.Gateway(), cfg.Model, registry)
	repl := ui.NewREPL(a, os.Stdin, os.Stdout, ui.IsTerminal(os.Stdin))
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
	return repl, a
}

// usage is what ply -h prints.
const usage = `usage: ply [-C dir] [--allow rule]... [--yes]
           [--sandbox-read dir] [--sandbox-write dir] [--sandbox-net]
       ply demo
       ply mock-server [--addr host:port] [--addr-file file]

ply reads your messages, one a line, and answers each with a model;
/help lists the commands. ply demo fixes the bug of a playground, a copy
in a temporary directory, as you watch. ply mock-server serves the
scripted model as an OpenAI-compatible server on loopback (ply
mock-server -h says more). The commands the model runs are confined
by the kernel: one the gate lets run without asking only reads, and one
you approve writes only the workspace and its own temporary folder;
neither reads your home folder or other processes, or opens a network
connection. The --sandbox flags widen what an approved command may do.
The environment says which model ply talks to:

  MOCK=1           the built-in scripted model, offline
  OPENAI_BASE_URL  an OpenAI-compatible server (default https://api.openai.com/v1)
  OPENAI_API_KEY   its API key, if it needs one
  PLY_MODEL        the server's name for the model (default gpt-4o-mini)
  SELFTEST=1       run the day's self-check instead
  PLY_SANDBOX=off  no sandbox: every command asks, and runs with all your rights

The flags:
`
