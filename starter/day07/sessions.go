package main

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"

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

// open gives repl its session, in the store the environment names, for a
// conversation in cwd: a resumed, forked or new one. id is what follows
// --resume, if anything.
func (sf *sessionFlags) open(repl *ui.REPL, cwd, id string) error {
	store, err := session.StoreFromEnv(os.Getenv)
	if err != nil {
		return err
	}
	switch {
	case sf.resume && sf.fork != "":
		return errors.New("--resume and --fork cannot go together")
	case sf.fork != "":
		parent, at, err := session.ParseForkPoint(sf.fork)
		if err != nil {
			return err
		}
		return repl.ForkSession(store, cwd, parent, at)
	case sf.resume && id == "":
		if id, err = store.Latest(cwd); err != nil {
			return err
		}
	}
	if id != "" {
		return repl.ResumeSession(store, cwd, id)
	}
	return repl.StartSession(store, cwd)
}

// sessionsCommand runs "ply sessions [--all]": the ten sessions of this
// directory used last, or of every directory; "ply sessions search
// [--all] TEXT" and "ply sessions export ID" are its two other forms. It
// only reads.
func sessionsCommand(args []string) int {
	if len(args) > 0 && args[0] == "search" {
		return searchCommand(args[1:])
	}
	if len(args) > 0 && args[0] == "export" {
		return exportCommand(args[1:])
	}
	flags := flag.NewFlagSet("ply sessions", flag.ContinueOnError)
	all := flags.Bool("all", false, "list the sessions of every directory")
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if flags.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "ply sessions: unexpected argument %q (usage: ply sessions [--all])\n", flags.Arg(0))
		return 2
	}
	store, cwd, err := storeAndCwd()
	if err != nil {
		fmt.Fprintln(os.Stderr, "ply sessions:", err)
		return 1
	}
	if *all {
		cwd = ""
	}
	list, err := store.List(cwd, "", 10)
	if err != nil {
		fmt.Fprintln(os.Stderr, "ply sessions:", err)
		return 1
	}
	ui.WriteSessions(os.Stdout, list)
	return 0
}

// logCommand runs "ply log ID": the events of session ID, one a line. It
// only reads, and repairs nothing: a bad line ends the listing with its
// line number and reason, and the exit status 1.
func logCommand(args []string) int {
	if len(args) != 1 {
		fmt.Fprintln(os.Stderr, "ply log: usage: ply log ID")
		return 2
	}
	store, _, err := storeAndCwd()
	if err == nil {
		err = ui.WriteLog(os.Stdout, store, args[0], 0)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "ply log:", err)
		return 1
	}
	return 0
}

// searchCommand runs "ply sessions search [--all] TEXT": every message of
// this directory's sessions, or of all, that holds TEXT, as the session's
// id, the event's seq, the role and the text around it.
func searchCommand(args []string) int {
	flags := flag.NewFlagSet("ply sessions search", flag.ContinueOnError)
	all := flags.Bool("all", false, "search the sessions of every directory")
	if err := flags.Parse(args); err != nil {
		return 2
	}
	if flags.NArg() != 1 {
		fmt.Fprintln(os.Stderr, "ply sessions search: usage: ply sessions search [--all] TEXT")
		return 2
	}
	store, cwd, err := storeAndCwd()
	if err != nil {
		fmt.Fprintln(os.Stderr, "ply sessions search:", err)
		return 1
	}
	if *all {
		cwd = ""
	}
	err = store.Search(flags.Arg(0), cwd, func(h session.Hit) {
		fmt.Printf("%s %4d %-9s %s\n", h.ID, h.Seq, h.Role, ui.Printable(h.Excerpt))
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, "ply sessions search:", err)
		return 1
	}
	return 0
}

// exportCommand runs "ply sessions export ID": the conversation as
// Markdown, with every secret of the environment taken out.
func exportCommand(args []string) int {
	if len(args) != 1 {
		fmt.Fprintln(os.Stderr, "ply sessions export: usage: ply sessions export ID")
		return 2
	}
	store, _, err := storeAndCwd()
	if err != nil {
		fmt.Fprintln(os.Stderr, "ply sessions export:", err)
		return 1
	}
	r, err := store.Open(args[0])
	if err == nil {
		defer r.Close()
		err = session.Export(os.Stdout, r, session.SecretsFromEnv(os.Environ()))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "ply sessions export:", err)
		return 1
	}
	return 0
}

// storeAndCwd returns the store the environment names and the current
// directory, as a session records its cwd.
func storeAndCwd() (session.Store, string, error) {
	store, err := session.StoreFromEnv(os.Getenv)
	if err != nil {
		return session.Store{}, "", err
	}
	cwd, err := os.Getwd()
	if err == nil {
		cwd, err = filepath.EvalSymlinks(cwd) // as the workspace records it
	}
	return store, cwd, err
}
