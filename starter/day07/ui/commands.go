package ui

import (
	"fmt"
	"strings"
)

// command is one slash command.
type command struct {
	name    string // with the slash, as typed
	args    string // the argument synopsis /help shows
	summary string
	run     func(r *REPL, arg string) (quit bool)
}

// commandList returns the slash commands, sorted by name. It is a function,
// not a variable, because /help reads the list it is part of.
func commandList() []command {
	return []command{
		{"/clear", "", "forget the conversation, keep the system prompt, start a new session", clearCommand},
		{"/compact", "", "compact the conversation: a summary replaces all but the last turn", compactCommand},
		{"/context", "", "show what the model is sent, message by message", contextCommand},
		{"/continue", "", "finish a turn a crash interrupted: send the conversation as it is", continueCommand},
		{"/fork", "[N]", "list the points to fork at, or fork this session after event N", forkCommand},
		{"/grants", "", "list the calls answered \"always\" in this session", grantsCommand},
		{"/help", "", "list the commands", helpCommand},
		{"/log", "[N]", "show the last N events of the session's log (10), secrets hidden (/log --raw N: shown)", logCommand},
		{"/model", "[NAME]", "show the model, or switch to NAME", modelCommand},
		{"/quit", "", "leave ply (so does the end of input)", quitCommand},
		{"/resume", "[ID]", "list this directory's sessions, or carry on session ID", resumeCommand},
		{"/revoke", "N|all", "forget grant N of /grants, or all of them", revokeCommand},
	}
}

// command runs the slash command on line and reports whether the REPL
// should stop.
func (r *REPL) command(line string) (quit bool) {
	name, arg, _ := strings.Cut(line, " ")
	for _, c := range commandList() {
		if c.name == name {
			return c.run(r, strings.TrimSpace(arg))
		}
	}
	r.fail(fmt.Errorf("unknown command %s (/help lists them; start the line with // to send it)", name))
	return false
}

func clearCommand(r *REPL, _ string) bool {
	if err := r.clear(); err != nil {
		r.fail(err)
		return false
	}
	r.notice("conversation cleared; the system prompt stays")
	return false
}

func helpCommand(r *REPL, _ string) bool {
	for _, c := range commandList() {
		usage := strings.TrimSpace(c.name + " " + c.args)
		fmt.Fprintf(r.out, "%-14s %s\n", usage, r.styles.Dim.Render(c.summary))
	}
	fmt.Fprintf(r.out, "%-14s %s\n", "//TEXT", r.styles.Dim.Render("send /TEXT as a message: a line that starts with // is not a command"))
	return false
}

func modelCommand(r *REPL, arg string) bool {
	if arg != "" {
		r.agent.SetModel(arg)
	}
	fmt.Fprintln(r.out, "model: "+r.agent.Model())
	return false
}

func quitCommand(r *REPL, _ string) bool {
	fmt.Fprintln(r.out, "bye")
	return true
}
