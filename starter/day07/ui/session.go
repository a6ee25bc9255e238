package ui

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"ply/day07/agent"
	"ply/day07/llm"
	"ply/day07/session"
)

// sessions is where the REPL keeps its conversations.
type sessions struct {
	rec        *session.Recorder // opens, switches and writes the session in use
	red        *session.Redactor // takes the secrets out of what the commands show of a log
	warned     bool              // the user has been told that an event could not be logged
	unfinished bool              // the session was reopened in the middle of a turn, for /continue
}

// KeepSessions makes the REPL keep its conversation in rec's sessions:
// /clear starts a new session, and /resume, /fork and /log work, showing
// the text of logs through red. Start, resume or fork a session before
// Run.
func (r *REPL) KeepSessions(rec *session.Recorder, red *session.Redactor) {
	r.sessions = &sessions{rec: rec, red: red}
}

// StartSession begins a new session, and says its id and how to come
// back to it.
func (r *REPL) StartSession() error {
	if err := r.sessions.rec.Start(); err != nil {
		return err
	}
	r.sessionStarted()
	return nil
}

// ResumeSession carries on session id as its log left it, or the one of
// this directory used last when id is "".
func (r *REPL) ResumeSession(id string) error {
	rec := r.sessions.rec
	var rp *session.Replay
	var err error
	if id == "" {
		rp, err = rec.ResumeLatest()
	} else {
		rp, err = rec.Resume(id)
	}
	if err != nil {
		return wayOn(err)
	}
	r.reopened(rp, "resumed session "+rec.ID())
	return nil
}

// wayOn adds to a refusal to resume a damaged session what the user can
// do instead: fork it from its last fork point, or leave it be.
func wayOn(err error) error {
	var damaged *session.DamagedError
	switch {
	case !errors.As(err, &damaged):
		return err
	case damaged.ForkAt > 0:
		return fmt.Errorf("%w: ply --fork %s@%d keeps everything up to it", err, damaged.ID, damaged.ForkAt)
	}
	return fmt.Errorf("%w: ply starts a new session, and ply --resume ID resumes another", err)
}

// ForkSession starts a new session from session id as it stood after
// event at, and carries on in it.
func (r *REPL) ForkSession(id string, at int64) error {
	rp, err := r.sessions.rec.Fork(id, at)
	if err != nil {
		return err
	}
	r.reopened(rp, fmt.Sprintf("forked %s@%d into session %s", id, at, r.sessions.rec.ID()))
	return nil
}

// SessionID returns the id of the session in use; "" when there is none.
func (r *REPL) SessionID() string {
	if r.sessions == nil {
		return ""
	}
	return r.sessions.rec.ID()
}

// SessionPath returns the file of the session's log; "" when there is
// none.
func (r *REPL) SessionPath() string {
	if r.sessions == nil {
		return ""
	}
	return r.sessions.rec.Path()
}

// CloseSession closes the session's log, which lets another ply open it.
func (r *REPL) CloseSession() error {
	if r.sessions == nil {
		return nil
	}
	return r.sessions.rec.Close()
}

// sessionStarted says which session a new conversation is kept in, and
// how to come back to it.
func (r *REPL) sessionStarted() {
	r.sessions.warned = false
	id := r.sessions.rec.ID()
	r.notice(fmt.Sprintf("session %s (ply --resume %s picks it up again)", id, id))
}

// reopened says what a resume or a fork rebuilt, after opened, which
// says which it was: a line the repair cut off, the messages the model
// now sees, a tool round a crash cut off, the directory the session began
// in, and a turn still waiting for its answer.
func (r *REPL) reopened(rp *session.Replay, opened string) {
	r.sessions.warned = false
	if rp.Repaired != nil {
		r.notice(fmt.Sprintf("repaired: line %d, cut short by a crash or a disk that filled, is gone (%v)", rp.Repaired.Line, rp.Repaired.Err))
	}
	// Of the window, the system prompt and the note just added to it are
	// not the conversation the user had.
	r.notice(fmt.Sprintf("%s: %s", opened, llm.Count(len(rp.Window)-2, "message")))
	if rp.Dropped > 0 {
		r.notice(fmt.Sprintf("left out: %s of tool calls that a crash cut off before their results came back; the model is told to call again", llm.Count(rp.Dropped, "message")))
	}
	cwd := r.sessions.rec.Cwd()
	if rp.Meta.Cwd != "" && rp.Meta.Cwd != cwd {
		r.notice(fmt.Sprintf("it began in %s; the tools work here, in %s", printable(rp.Meta.Cwd), printable(cwd)))
	}
	r.restoredGrants(rp, cwd)
	r.sessions.unfinished = rp.Unfinished
	if rp.Unfinished {
		r.notice("its last turn has no answer yet: /continue finishes it")
	}
}

// restoredGrants says, in one line, which "always" approvals a reopened
// session brought back, or that those it had were given in another
// directory and hold only there.
func (r *REPL) restoredGrants(rp *session.Replay, cwd string) {
	given := rp.Grants.Grants
	if len(given) == 0 {
		return
	}
	used, givenIn := rp.GrantsFor(cwd)
	if used != nil {
		r.notice("always allowed, as before: " + printable(strings.Join(used, "; ")))
		return
	}
	r.notice(fmt.Sprintf("not used here: %s given in %s, which hold there only; ply asks again", llm.Count(len(given), "grant"), printable(givenIn)))
}

// errNoSession is the answer to a session command when ply keeps none.
var errNoSession = errors.New("no session: ply runs without a session log")

// clear forgets the conversation, and starts a new session for the next
// one when ply keeps sessions. A new session that cannot be made leaves
// the conversation and its session as they were.
func (r *REPL) clear() error {
	if r.sessions == nil {
		r.agent.Clear()
		return nil
	}
	if err := r.sessions.rec.Clear(); err != nil {
		return fmt.Errorf("the conversation stays as it was, and so does its session: %w", err)
	}
	r.sessionStarted()
	return nil
}

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
	if r.sessions == nil {
		return
	}
	r.sessions.unfinished = false
	if err := r.sessions.rec.Err(); err != nil && !r.sessions.warned {
		r.sessions.warned = true
		r.fail(fmt.Errorf("an event could not be written to the session log, so a resume may miss part of this conversation: %w", err))
	}
}

// WriteSessions writes a listing of sessions, one a line: the id (a *
// marks the one in use), how long ago it was used, its messages and the
// start of its first message.
func WriteSessions(w io.Writer, list []session.Summary) {
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
			line += "  (" + unreadable(s.Err) + ")"
		}
		fmt.Fprintln(w, line)
	}
}

// unreadable says why a session in a listing could not be read to its
// end: a bad line is damage; anything else, a link or not a file, is
// what ply refuses to open.
func unreadable(err error) string {
	var bad *session.LineError
	if errors.As(err, &bad) || errors.Is(err, session.ErrNoMeta) {
		return "damaged: " + printable(err.Error())
	}
	return "refused: " + printable(err.Error())
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
// is 0, one a line, each redacted by red; the bad line that stopped the
// reading, if one did, is the error. It only reads: it never repairs.
func WriteLog(w io.Writer, store session.Store, id string, n int, red *session.Redactor) error {
	rd, err := store.Open(id)
	if err != nil {
		return err
	}
	defer rd.Close()
	if n == 0 {
		for rd.Next() {
			fmt.Fprintln(w, printable(red.Describe(rd.Event())))
		}
		return rd.Err()
	}
	events, err := session.Tail(rd, n)
	for _, ev := range events {
		fmt.Fprintln(w, printable(red.Describe(ev)))
	}
	return err
}

// WriteExport writes session id as Markdown (see session.Export), redacted
// by red, with every character made printable, as WriteLog's lines are:
// an export is often read in a terminal, and a log holds whatever a model,
// a tool or a server sent. It only reads: it never repairs.
func WriteExport(w io.Writer, store session.Store, id string, red *session.Redactor) error {
	rd, err := store.Open(id)
	if err != nil {
		return err
	}
	defer rd.Close()
	pw := &printableWriter{w: w}
	err = session.Export(pw, id, rd, red)
	if ferr := pw.flush(); err == nil {
		err = ferr
	}
	return err
}

// printableWriter writes what it is given made printable. A character
// whose bytes two writes split is held until its last byte comes, so
// that its first bytes are not taken for bytes that are not UTF-8.
type printableWriter struct {
	w    io.Writer
	held []byte // the start of a character the last write ended in
}

func (p *printableWriter) Write(b []byte) (int, error) {
	text := append(p.held, b...)
	whole := len(text)
	for i := len(text) - 1; i >= max(0, len(text)-utf8.UTFMax); i-- {
		if utf8.RuneStart(text[i]) {
			if !utf8.FullRune(text[i:]) {
				whole = i
			}
			break
		}
	}
	p.held = append([]byte(nil), text[whole:]...)
	if _, err := io.WriteString(p.w, printable(string(text[:whole]))); err != nil {
		return 0, err
	}
	return len(b), nil
}

// flush writes what is held: the start of a character that never ended.
func (p *printableWriter) flush() error {
	_, err := io.WriteString(p.w, printable(string(p.held)))
	p.held = nil
	return err
}

// forkCommand is /fork, which lists the points the session can be forked
// at, and /fork N, which forks it after event N.
func forkCommand(r *REPL, arg string) bool {
	if r.sessions == nil {
		r.fail(errNoSession)
		return false
	}
	rec := r.sessions.rec
	if arg == "" {
		rd, err := rec.Store().Open(rec.ID())
		if err != nil {
			r.fail(err)
			return false
		}
		defer rd.Close()
		for _, p := range session.ForkPoints(rd) {
			fmt.Fprintf(r.out, "%4d %-9s %s\n", p.Seq, p.Role, printable(r.sessions.red.Preview(p.Preview, session.PreviewWidth)))
		}
		return false
	}
	at, err := strconv.ParseInt(arg, 10, 64)
	if err != nil {
		r.fail(errors.New("usage: /fork N, N a seq that /fork lists"))
		return false
	}
	if err := r.ForkSession(rec.ID(), at); err != nil {
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
	rec := r.sessions.rec
	if arg == "" {
		list, err := rec.Store().List(rec.Cwd(), rec.ID(), 10)
		if err != nil {
			r.fail(err)
			return false
		}
		WriteSessions(r.out, RedactPreviews(list, r.sessions.red))
		return false
	}
	if arg == rec.ID() {
		r.notice("that is the session in use")
		return false
	}
	if err := r.ResumeSession(arg); err != nil {
		r.fail(err)
	}
	return false
}

// logCommand is /log [--raw] [N]: the last N events of the session, 10 by
// default, with their secrets taken out unless --raw asks for them.
func logCommand(r *REPL, arg string) bool {
	if r.sessions == nil {
		r.fail(errNoSession)
		return false
	}
	red := r.sessions.red
	if rest, ok := strings.CutPrefix(arg, "--raw"); ok && (rest == "" || rest[0] == ' ') {
		red, arg = nil, strings.TrimSpace(rest)
	}
	n := 10
	if arg != "" {
		var err error
		if n, err = strconv.Atoi(arg); err != nil || n < 1 {
			r.fail(errors.New("usage: /log [--raw] [N], N a number of events"))
			return false
		}
	}
	if err := WriteLog(r.out, r.sessions.rec.Store(), r.sessions.rec.ID(), n, red); err != nil {
		r.fail(err)
	}
	return false
}

// RedactPreviews returns list with the previews redacted by red and cut to
// their width, for a listing of sessions. The redaction comes first: a
// secret cut in half would no longer look like one.
func RedactPreviews(list []session.Summary, red *session.Redactor) []session.Summary {
	out := make([]session.Summary, len(list))
	for i, s := range list {
		s.Preview = red.Preview(s.Preview, session.PreviewWidth)
		out[i] = s
	}
	return out
}

// Printable makes text from a log safe to print on a terminal.
func Printable(text string) string { return printable(text) }
