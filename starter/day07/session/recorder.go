package session

import (
	"ply/day07/agent"
)

// writer is what a meta line says wrote the log.
const writer = "ply day07"

// Recorder keeps an agent's conversation in the sessions of a store. It is
// the one place that opens a session for the agent (a new one, a resumed
// one, a fork), and that switches to another when the conversation is
// cleared or a session is resumed or forked in its place. It subscribes to
// the agent (agent.Agent.Watch) and writes every change the agent reports
// to the log in use, the moment it is reported: it owns the translation
// of the agent's events into the log's.
//
// A switch that fails changes nothing: the agent keeps its conversation
// and the Recorder the log it had. The caller closes the Recorder.
type Recorder struct {
	store Store
	cwd   string // where ply runs: a new session records it, and a listing looks for it
	agent *agent.Agent
	log   *Log  // the session in use; nil before the first one
	err   error // the first change that could not be logged in it

	// restoring is set while the agent is given back what a log holds
	// (see restore): the changes it reports then are the log's own, and
	// record writes none of them.
	restoring bool
}

// NewRecorder returns a recorder of a's conversation in store, for a ply
// that runs in cwd. It records nothing until a session is started,
// resumed or forked.
func NewRecorder(store Store, a *agent.Agent, cwd string) *Recorder {
	r := &Recorder{store: store, cwd: cwd, agent: a}
	a.Watch(r.record)
	return r
}

// Start begins a new session, whose log holds the agent's model, the
// directory and the system prompt, and the grants, if there are any.
func (r *Recorder) Start() error {
	l, err := r.create()
	if err != nil {
		return err
	}
	r.use(l)
	return nil
}

// Clear starts a new session with a new conversation. The new log is made
// first and the agent's conversation cleared only then, so that a log
// that cannot be made leaves everything as it was.
func (r *Recorder) Clear() error {
	l, err := r.create()
	if err != nil {
		return err
	}
	r.agent.Clear()
	r.use(l)
	return nil
}

// Resume carries on session id as its log left it (see Store.Resume):
// the agent gets the rebuilt window and the session's grants, and the
// Replay says what the log held.
func (r *Recorder) Resume(id string) (*Replay, error) {
	l, rp, err := r.store.Resume(id, r.options())
	if err != nil {
		return nil, err
	}
	r.restore(l, rp)
	return rp, nil
}

// ResumeLatest resumes the session of r's directory used last.
func (r *Recorder) ResumeLatest() (*Replay, error) {
	id, err := r.store.Latest(r.cwd)
	if err != nil {
		return nil, err
	}
	return r.Resume(id)
}

// Fork starts a new session from session id as it stood after event at
// (see Store.Fork), and carries on in it.
func (r *Recorder) Fork(id string, at int64) (*Replay, error) {
	l, rp, err := r.store.Fork(id, at, r.options())
	if err != nil {
		return nil, err
	}
	r.restore(l, rp)
	return rp, nil
}

// ID returns the id of the session in use; "" when there is none.
func (r *Recorder) ID() string {
	if r.log == nil {
		return ""
	}
	return r.log.ID()
}

// Path returns the file of the log in use; "" when there is none.
func (r *Recorder) Path() string {
	if r.log == nil {
		return ""
	}
	return r.log.Path()
}

// Store returns the store the sessions are kept in.
func (r *Recorder) Store() Store { return r.store }

// Cwd returns the directory ply runs in, as a session records it.
func (r *Recorder) Cwd() string { return r.cwd }

// Err returns the first change that could not be written to the log in
// use; nil while every one was. The conversation goes on without it.
func (r *Recorder) Err() error { return r.err }

// Close closes the log in use, which lets another ply open its session.
func (r *Recorder) Close() error {
	if r.log == nil {
		return nil
	}
	return r.log.Close()
}

// options are the replay options of this ply: the agent's own prompt and
// compaction, and where ply runs.
func (r *Recorder) options() ReplayOptions {
	return ReplayOptions{System: agent.SystemPrompt, Compact: agent.Recompact, Cwd: r.cwd}
}

// create makes the log of a new session for the agent as it is, grants
// included: a cleared conversation keeps its grants.
func (r *Recorder) create() (*Log, error) {
	meta := Meta{Model: r.agent.Model(), Cwd: r.cwd, Agent: writer}
	return r.store.Create(meta, agent.SystemPrompt, r.agent.Grants().List())
}

// restore makes l, a resumed or forked log, the log in use, and gives the
// agent what it holds: the window, and the grants when they were given in
// the directory ply runs in now, none when ply runs elsewhere. The agent
// reports the grants it is given, as it reports every change of them; the
// log has them already, so record passes over what it reports meanwhile.
func (r *Recorder) restore(l *Log, rp *Replay) {
	r.use(l)
	grants, _ := rp.GrantsFor(r.cwd)
	r.restoring = true
	r.agent.Restore(rp.Window, grants)
	r.restoring = false
}

// use makes l the log in use, and closes the one before. Closing a log
// that worked can fail only as its last write would have: the session is
// left, and the error would say nothing to act on.
func (r *Recorder) use(l *Log) {
	if r.log != nil {
		r.log.Close()
	}
	r.log, r.err = l, nil
}
