package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"

	"ply/day07/agent"
	"ply/day07/session"
	"ply/day07/ui"
)

// sessionFlags are the flags that pick the session ply carries on:
// --resume, for the last one used in this directory or the one named,
// and --fork ID@N, for a new one from session ID after event N. With
// neither, ply starts a new session.
type sessionFlags struct {
	resume bool
	fork   string
}

// add defines the flags on flags.
func (sf *sessionFlags) add(flags *flag.FlagSet) {
	flags.BoolVar(&sf.resume, "resume", false, "carry on the session last used in this directory, or the one whose id follows")
	flags.StringVar(&sf.fork, "fork", "", "start a new session from session `ID@N`, as it stood after event N")
}

// args is how many arguments may follow the flags: a session's id after
// --resume.
func (sf *sessionFlags) args() int {
	if sf.resume {
		return 1
	}
	return 0
}

// open makes repl keep a's conversation in the store the environment
// names, for a ply that works in cwd, and gives it its session: a
// resumed, forked or new one. id is what follows --resume, if anything.
func (sf *sessionFlags) open(repl *ui.REPL, a *agent.Agent, cwd, id string) error {
	if sf.resume && sf.fork != "" {
		return errors.New("--resume and --fork cannot go together")
	}
	store, err := session.StoreFromEnv(os.Getenv)
	if err != nil {
		return err
	}
	repl.KeepSessions(session.NewRecorder(store, a, cwd), redactor(false))
	switch {
	case sf.fork != "":
		parent, at, err := session.ParseForkPoint(sf.fork)
		if err != nil {
			return err
		}
		return repl.ForkSession(parent, at)
	case sf.resume:
		return repl.ResumeSession(id)
	}
	return repl.StartSession()
}

// sessionsCommand runs "ply sessions WORD …", the commands that look at
// the sessions kept and never change them. With no word, or a flag
// first, it lists them.
func sessionsCommand(args []string) int {
	if len(args) > 0 {
		if sub, ok := sessionsSubcommands()[args[0]]; ok {
			return sub(args[1:])
		}
	}
	return listCommand(args)
}

// sessionsSubcommands are the words after "ply sessions", each with the
// function that runs it.
func sessionsSubcommands() map[string]func(args []string) int {
	return map[string]func(args []string) int{
		"export": exportCommand,
		"list":   listCommand,
		"search": searchCommand,
		"show":   showCommand,
	}
}

// listCommand runs "ply sessions [list] [--all]": the ten sessions of this
// directory used last, or of every directory.
func listCommand(args []string) int {
	const name = "ply sessions"
	flags := flag.NewFlagSet(name, flag.ContinueOnError)
	all := flags.Bool("all", false, "list the sessions of every directory")
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if flags.NArg() > 0 {
		return fail(2, name, fmt.Errorf("unexpected argument %q (usage: ply sessions [list] [--all])", flags.Arg(0)))
	}
	store, cwd, err := storeAndCwd(*all)
	if err != nil {
		return fail(1, name, err)
	}
	list, err := store.List(cwd, "", 10)
	if err != nil {
		return fail(1, name, err)
	}
	ui.WriteSessions(os.Stdout, ui.RedactPreviews(list, redactor(false)))
	return 0
}

// showCommand runs "ply sessions show [--raw] ID", and "ply log ID" as it
// was first spelt: the events of session ID, one a line, their secrets
// taken out unless --raw asks for them. It repairs nothing: a bad line
// ends the listing with its line number and reason, and the exit status 1.
func showCommand(args []string) int {
	const name = "ply sessions show"
	flags := flag.NewFlagSet(name, flag.ContinueOnError)
	raw := flags.Bool("raw", false, "show the events as they are, secrets and all")
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if flags.NArg() != 1 {
		return fail(2, name, errors.New("usage: ply sessions show [--raw] ID"))
	}
	store, _, err := storeAndCwd(true)
	if err == nil {
		err = ui.WriteLog(os.Stdout, store, flags.Arg(0), 0, redactor(*raw))
	}
	if err != nil {
		return fail(1, name, err)
	}
	return 0
}

// searchCommand runs "ply sessions search [--all] [--raw] TEXT": every
// message of this directory's sessions, or of all, that holds TEXT, as the
// session's id, the event's seq, the role and the text around it. Without
// --raw it searches and shows the messages with their secrets taken out,
// so that a secret is neither shown nor found.
func searchCommand(args []string) int {
	const name = "ply sessions search"
	flags := flag.NewFlagSet(name, flag.ContinueOnError)
	all := flags.Bool("all", false, "search the sessions of every directory")
	raw := flags.Bool("raw", false, "search and show the messages as they are, secrets and all")
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if flags.NArg() != 1 {
		return fail(2, name, errors.New("usage: ply sessions search [--all] [--raw] TEXT"))
	}
	store, cwd, err := storeAndCwd(*all)
	if err == nil {
		err = store.Search(flags.Arg(0), cwd, redactor(*raw), func(h session.Hit) {
			fmt.Printf("%s %4d %-9s %s\n", h.ID, h.Seq, h.Role, ui.Printable(h.Excerpt))
		})
	}
	if err != nil {
		return fail(1, name, err)
	}
	return 0
}

// exportCommand runs "ply sessions export [--raw] ID": the conversation as
// Markdown, with its secrets taken out unless --raw asks for them.
func exportCommand(args []string) int {
	const name = "ply sessions export"
	flags := flag.NewFlagSet(name, flag.ContinueOnError)
	raw := flags.Bool("raw", false, "export the conversation as it is, secrets and all")
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if flags.NArg() != 1 {
		return fail(2, name, errors.New("usage: ply sessions export [--raw] ID"))
	}
	store, _, err := storeAndCwd(true)
	if err == nil {
		err = ui.WriteExport(os.Stdout, store, flags.Arg(0), redactor(*raw))
	}
	if err != nil {
		return fail(1, name, err)
	}
	return 0
}

// redactor returns what takes the secrets out of what ply prints of a
// session: the values of the environment's secret variables, and whatever
// has a secret's shape. With raw, nothing: the bytes as they are.
func redactor(raw bool) *session.Redactor {
	if raw {
		return nil
	}
	return session.NewRedactor(os.Environ())
}

// storeAndCwd returns the store the environment names and the current
// directory, as a session records its cwd; "" for the directory when all,
// which asks for the sessions of every directory.
func storeAndCwd(all bool) (session.Store, string, error) {
	store, err := session.StoreFromEnv(os.Getenv)
	if err != nil || all {
		return store, "", err
	}
	cwd, err := os.Getwd()
	if err == nil {
		cwd, err = filepath.EvalSymlinks(cwd) // as the workspace records it
	}
	return store, cwd, err
}
