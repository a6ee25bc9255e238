package ui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"ply/day07/agent"
	// Named so because ui's tests call their REPL runs session.
	sessionlog "ply/day07/session"
)

// sessions is where the REPL keeps its conversations: the store of logs,
// and the directory ply works in, which a session records and a listing
// looks for.
type sessions struct {
	store      sessionlog.Store
	cwd        string
	warned     bool // the user has been told that an event could not be logged
	unfinished bool // the session was reopened in the middle of a turn, for /continue
}

// StartSession begins a new session in store for a conversation in cwd,
// and says its id and how to come back to it.
func (r *REPL) StartSession(store sessionlog.Store, cwd string) error {
	r.sessions = &sessions{store: store, cwd: cwd}
	return r.newSession()
}

// ResumeSession carries on session id of store, as its log left it.
func (r *REPL) ResumeSession(store sessionlog.Store, cwd, id string) error {
	r.sessions = &sessions{store: store, cwd: cwd}
	l, rp, err := store.Resume(id, agent.Rebuild(cwd))
	if err != nil {
		return err
	}
	r.use(l, rp, "resumed session "+l.ID())
	return nil
}

// ForkSession starts a new session from session id of store as it stood
// after event at.
func (r *REPL) ForkSession(store sessionlog.Store, cwd, id string, at int64) error {
	r.sessions = &sessions{store: store, cwd: cwd}
	l, rp, err := store.Fork(id, at, agent.Rebuild(cwd))
	if err != nil {
		return err
	}
	r.use(l, rp, fmt.Sprintf("forked %s@%d into session %s", id, at, l.ID()))
	return nil
}

// CloseSession closes the session's log, which lets another ply open it.
func (r *REPL) CloseSession() error {
	if l := r.agent.Log(); l != nil {
		return l.Close()
	}
	return nil
}

// newSession closes the session in use, if any, and starts a new one
// with the conversation the agent has now.
func (r *REPL) newSession() error {
	meta := sessionlog.Meta{Model: r.agent.Model(), Cwd: r.sessions.cwd, Agent: "ply day07"}
	l, err := r.sessions.store.Create(meta, agent.SystemPrompt)
	if err != nil {
		return err
	}
	r.CloseSession()
	r.agent.Record(l, nil)
	r.agent.RecordGrants()
	r.notice(fmt.Sprintf("session %s (ply --resume %s picks it up again)", l.ID(), l.ID()))
	return nil
}

// use makes l and the window rp rebuilt the agent's, closing the session
// in use, and says what happened to the log.
func (r *REPL) use(l *sessionlog.Log, rp *sessionlog.Replay, how string) {
	r.CloseSession()
	r.agent.Restore(rp)
	r.agent.Record(l, rp.Grants)
	if rp.Repaired != nil {
		r.notice(fmt.Sprintf("repaired: line %d was cut short by a crash and is gone (%v)", rp.Repaired.Line, rp.Repaired.Err))
	}
	r.notice(fmt.Sprintf("%s: %d messages", how, rp.Replayed-rp.Dropped))
	if rp.Meta.Cwd != "" && rp.Meta.Cwd != r.sessions.cwd {
		r.notice(fmt.Sprintf("it began in %s; the tools work here, in %s", printable(rp.Meta.Cwd), printable(r.sessions.cwd)))
	}
	r.sessions.unfinished = rp.Unfinished
	if rp.Unfinished {
		r.notice("its last turn has no answer yet: /continue finishes it")
	}
}

// errNoSession is the answer to a session command when ply keeps none.
var errNoSession = errors.New("no session: ply runs without a session log")

// continueCommand is /continue: it sends the conversation as it is, to
// finish a turn a crash interrupted.
func continueCommand(r *REPL, _ string) bool {
	if r.sessions == nil || !r.sessions.unfinished || !r.agent.Waiting() {
		r.fail(errors.New("nothing to continue: the last turn has its answer"))
		return false
	}
	r.run(context.Background(), func(ctx context.Context, emit func(agent.Event)) { r.agent.Continue(ctx, emit) })
	return false
}

// afterTurn is what a session needs after each turn: the turn a resume
// found unfinished has been answered or given up, and the user is told,
// once, that an event could not be logged, if one could not: the
// conversation goes on, but a resume may not see all of it.
func (r *REPL) afterTurn() {
	if r.sessions != nil {
		r.sessions.unfinished = false
	}
	if err := r.agent.LogErr(); err != nil && r.sessions != nil && !r.sessions.warned {
		r.sessions.warned = true
		r.fail(fmt.Errorf("an event could not be written to the session log, so a resume may miss part of this conversation: %w", err))
	}
}

// WriteSessions writes a listing of sessions, one a line: the id (a *
// marks the one in use), how long ago it was used, its messages and the
// start of its first message.
func WriteSessions(w io.Writer, list []sessionlog.Summary) {
	if len(list) == 0 {
		fmt.Fprintln(w, "no sessions yet")
		return
	}
	for _, s := range list {
		mark := " "
		if s.Current {
			mark = "*"
		}
		line := fmt.Sprintf("%s %s %8s %4d msgs  %s", mark, s.ID, age(time.Since(s.Used)), s.Messages, printable(s.Preview))
		if s.Err != nil {
			line += "  (damaged: " + printable(s.Err.Error()) + ")"
		}
		fmt.Fprintln(w, line)
	}
}

// age says how long ago, roughly, in the largest unit that fits.
func age(d time.Duration) string {
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%dm ago", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%dh ago", int(d.Hours()))
	}
	return fmt.Sprintf("%dd ago", int(d.Hours()/24))
}

// WriteLog writes the last n events of session id, or all of them when n
// is 0, one a line; the bad line that stopped the reading, if one did, is
// the error. It only reads: it never repairs.
func WriteLog(w io.Writer, store sessionlog.Store, id string, n int) error {
	rd, err := store.Open(id)
	if err != nil {
		return err
	}
	defer rd.Close()
	if n == 0 {
		for rd.Next() {
			fmt.Fprintln(w, printable(sessionlog.Describe(rd.Event())))
		}
		return rd.Err()
	}
	events, err := sessionlog.Tail(rd, n)
	for _, ev := range events {
		fmt.Fprintln(w, printable(sessionlog.Describe(ev)))
	}
	return err
}

// forkCommand is /fork, which lists the points the session can be forked
// at, and /fork N, which forks it after event N.
func forkCommand(r *REPL, arg string) bool {
	l := r.agent.Log()
	if r.sessions == nil || l == nil {
		r.fail(errNoSession)
		return false
	}
	if arg == "" {
		rd, err := r.sessions.store.Open(l.ID())
		if err != nil {
			r.fail(err)
			return false
		}
		defer rd.Close()
		for _, p := range sessionlog.ForkPoints(rd) {
			fmt.Fprintf(r.out, "%4d %-9s %s\n", p.Seq, p.Role, printable(p.Preview))
		}
		return false
	}
	at, err := strconv.ParseInt(arg, 10, 64)
	if err != nil {
		r.fail(errors.New("usage: /fork N, N a seq that /fork lists"))
		return false
	}
	if err := r.ForkSession(r.sessions.store, r.sessions.cwd, l.ID(), at); err != nil {
		r.fail(err)
	}
	return false
}

// resumeCommand is /resume, which lists the sessions of this directory,
// and /resume ID, which carries on session ID instead of this one.
func resumeCommand(r *REPL, arg string) bool {
	if r.sessions == nil {
		r.fail(errNoSession)
		return false
	}
	if arg == "" {
		current := ""
		if l := r.agent.Log(); l != nil {
			current = l.ID()
		}
		list, err := r.sessions.store.List(r.sessions.cwd, current, 10)
		if err != nil {
			r.fail(err)
			return false
		}
		WriteSessions(r.out, list)
		return false
	}
	if l := r.agent.Log(); l != nil && l.ID() == arg {
		r.notice("that is the session in use")
		return false
	}
	if err := r.ResumeSession(r.sessions.store, r.sessions.cwd, arg); err != nil {
		r.fail(err)
	}
	return false
}

// logCommand is /log N: the last N events of the session, 10 by default.
func logCommand(r *REPL, arg string) bool {
	l := r.agent.Log()
	if r.sessions == nil || l == nil {
		r.fail(errNoSession)
		return false
	}
	n := 10
	if arg != "" {
		var err error
		if n, err = strconv.Atoi(arg); err != nil || n < 1 {
			r.fail(errors.New("usage: /log N, N a number of events"))
			return false
		}
	}
	if err := WriteLog(r.out, r.sessions.store, l.ID(), n); err != nil {
		r.fail(err)
	}
	return false
}

// Printable makes text from a log safe to print on a terminal.
func Printable(text string) string { return printable(text) }
