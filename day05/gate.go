package main

import (
	"flag"
	"os"

	"ply/day05/approval"
	"ply/day05/ui"
)

// gateFlags are the flags that set up the approval gate.
type gateFlags struct {
	allow []approval.Rule // --allow RULE, repeatable: commands that run without asking
	yes   bool            // --yes: every question is answered yes
}

// add defines the gate's flags on flags.
func (g *gateFlags) add(flags *flag.FlagSet) {
	flags.Func("allow", "let commands that match `rule`, such as 'go test', run without asking; repeatable", func(s string) error {
		rule, err := approval.ParseRule(s)
		if err == nil {
			g.allow = append(g.allow, rule)
		}
		return err
	})
	flags.BoolVar(&g.yes, "yes", false, "answer yes to every question the gate asks; what it refuses stays refused")
}

// newGate returns the gate for a session in the workspace dir: the
// default rules, and the --allow rules after them. Where no sandbox
// confines the commands, every command asks.
func (g gateFlags) newGate(dir string, confined bool) *approval.Gate {
	gate := approval.New(dir, append(approval.DefaultRules(), g.allow...))
	if !confined {
		gate.Unconfined()
	}
	return gate
}

// asker picks who answers the gate's questions. With --yes, nobody is
// asked and the answer is yes. Without a terminal on stdin nobody can
// answer, and every question is refused: a pipe that feeds ply its
// prompts must not be taken to approve what the model does. Otherwise it
// is the person at the terminal.
func (g gateFlags) asker(repl *ui.REPL) approval.Asker {
	switch {
	case g.yes:
		return approval.AllowAll{}
	case !ui.IsTerminal(os.Stdin):
		return approval.Unattended{}
	}
	return repl.Asker()
}
