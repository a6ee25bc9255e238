// Command ply is a coding agent built in seven days. This is day 7: ply
// keeps every session in an append-only log, as it happens, so that a
// conversation survives the process: ply --resume carries it on, and
// ply --fork ID@N starts a new one from any clean point of an old one.
//
// Usage: ply [-C DIR] [--allow RULE]... [--yes] [--resume [ID] | --fork
// ID@N] works in DIR, the current directory by default. --allow 'go test'
// lets go test run without asking; --yes answers yes to every question.
// "ply sessions [list|search|show|export]" looks at the sessions kept;
// "ply log ID", an older spelling of "ply sessions show ID", shows one;
// what they print has its secrets taken out, unless --raw asks for them.
//
// Environment: MOCK=1 picks the scripted model; OPENAI_BASE_URL,
// OPENAI_API_KEY and PLY_MODEL point ply at a real one; PLY_CONTEXT sets
// the model's window in tokens (32768 by default); PLY_IDLE_TIMEOUT sets
// how many seconds the server may say nothing (300 by default); PLY_HOME is
// where the sessions are kept; PLY_FSYNC=1 syncs each event to disk;
// SELFTEST=1 runs the day's self-check instead of the REPL.
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
	"time"

	"ply/day07/agent"
	"ply/day07/llm"
	"ply/day07/sandbox"
	"ply/day07/selftest"
	"ply/day07/tools"
	"ply/day07/ui"
)

func main() {
	os.Exit(run())
}

// run builds ply from the environment and runs it. It returns the exit
// status: main is the only place that ends the program.
func run() int {
	if child := os.Getenv(selftest.ChildEnv); child != "" {
		return selftest.Child(child) // check 11 of the self-check, in a process of its own
	}
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
	var open sessionFlags
	open.add(flags)
	if err := flags.Parse(os.Args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0 // ply -h: the usage is what was asked for
		}
		return 2 // flag has printed the problem and the usage
	}
	if flags.NArg() > open.args() {
		return fail(2, "ply", fmt.Errorf("unexpected argument %q (ply -h shows the usage)", flags.Arg(open.args())))
	}
	budget, err := contextBudget(os.Getenv)
	if err != nil {
		return fail(2, "ply", err)
	}
	idle, err := idleTimeout(os.Getenv)
	if err != nil {
		return fail(2, "ply", err)
	}
	ws, err := tools.NewWorkspace(*dir)
	if err != nil {
		return fail(2, "ply", err)
	}
	defer ws.Close()
	places := box.places(ws.Dir())
	repl, a := newREPL(ws, budget, idle, places)
	a.Guard(gate.newGate(ws.Dir(), places != nil), gate.asker(repl))
	if gate.yes {
		repl.WarnYes()
	}
	if err := open.open(repl, a, ws.Dir(), flags.Arg(0)); err != nil {
		return fail(1, "ply", err)
	}
	defer repl.CloseSession()
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
		"log":         showCommand, // the first spelling of "ply sessions show", kept for those who learnt it
		"mock-server": mockServer,
		"sessions":    sessionsCommand,
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
// who answers. budget is the model's window in tokens, as PLY_CONTEXT
// says; 0 keeps the agent's default. idle is how long the server may say
// nothing, as PLY_IDLE_TIMEOUT says; 0 keeps the gateway's default.
func newREPL(ws *tools.Workspace, budget int, idle time.Duration, places *sandbox.Places) (*ui.REPL, *agent.Agent) {
	cfg := llm.ConfigFromEnv(os.Getenv)
	cfg.IdleTimeout = idle
	registry := tools.NewRegistry(slices.Concat(tools.ReadOnly(ws), tools.Editing(ws, os.Environ(), places))...)
	a := agent.New(llm.NewRetrying(cfg.Gateway()), cfg.Model, registry)
	if budget > 0 {
		a.SetBudget(budget)
	}
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
const usage = `usage: ply [-C dir] [--allow rule]... [--yes] [--resume [ID] | --fork ID@N]
           [--sandbox-read dir] [--sandbox-write dir] [--sandbox-net]
       ply sessions [list] [--all] | ply sessions search [--all] [--raw] TEXT
       ply sessions show [--raw] ID | ply sessions export [--raw] ID
       ply demo
       ply mock-server [--addr host:port] [--addr-file file]

ply reads your messages, one a line, and answers each with a model;
/help lists the commands. Each conversation is a session, kept as a log
under $PLY_HOME/sessions: --resume carries on the latest of this
directory, or session ID; --fork copies a session up to event N into a
new one. ply sessions lists them, show shows one's events (so does ply
log ID), search finds text in them and export writes one as Markdown;
these three hide every secret they find, unless --raw asks for them.
ply demo fixes the bug of a playground, a copy in a temporary directory,
as you watch. ply mock-server serves the scripted model as an
OpenAI-compatible server on loopback (ply mock-server -h says more).
The commands the model runs are confined by the kernel: one the gate
lets run without asking only reads, and one you approve writes only the
workspace and its own temporary folder; neither reads your home folder
or other processes, or opens a network connection. The --sandbox flags
widen what an approved command may do.
The environment says which model ply talks to, and where sessions live:

  MOCK=1           the built-in scripted model, offline
  OPENAI_BASE_URL  an OpenAI-compatible server (default https://api.openai.com/v1)
  OPENAI_API_KEY   its API key, if it needs one
  PLY_MODEL        the server's name for the model (default gpt-4o-mini)
  PLY_HOME         where sessions are kept (default $XDG_STATE_HOME/ply or ~/.local/state/ply)
  PLY_FSYNC=1      sync each event to the disk before going on
  SELFTEST=1       run the day's self-check instead
  PLY_SANDBOX=off  no sandbox: every command asks, and runs with all your rights

The flags:
`
