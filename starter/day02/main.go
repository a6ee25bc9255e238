// Command ply is a coding agent built in seven days. This is day 2: a REPL
// whose replies stream in as the model writes them, from the built-in
// scripted model or any OpenAI-compatible server.
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
	"fmt"
	"os"
	"os/signal"

	"ply/day02/agent"
	"ply/day02/llm"
	"ply/day02/selftest"
	"ply/day02/ui"
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
	cfg := llm.ConfigFromEnv(os.Getenv)
	repl := ui.NewREPL(agent.New(cfg.Gateway(), cfg.Model), os.Stdin, os.Stdout, ui.IsTerminal(os.Stdin))
	if ui.IsTerminal(os.Stderr) {
		repl.ShowSpinner(os.Stderr)
	}
	// Ctrl-C becomes a value on a channel instead of the end of the program:
	// the REPL decides what it cancels.
	interrupts := make(chan os.Signal, 1)
	signal.Notify(interrupts, os.Interrupt)
	repl.CancelOn(interrupts)
	repl.Welcome(cfg)
	if err := repl.Run(context.Background()); err != nil {
		fmt.Fprintln(os.Stderr, "ply: read input:", err)
		return 1
	}
	return 0
}
