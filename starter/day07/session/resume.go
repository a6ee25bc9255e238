package session

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"ply/day07/llm"
)

// ReplayOptions configure a resume or a fork with what comes from the ply
// that reopens a session, not from its log: the window is rebuilt with
// today's prompt and compaction, and the note to the model says where ply
// runs now.
type ReplayOptions struct {
	System  string    // today's system prompt: the window starts from it, not from the logged one
	Compact Compactor // the agent's pure compact, re-run at each compact event
	Cwd     string    // where ply runs now, for the note to the model
}

// Resume reopens session id to carry on with it: it takes the session's
// lock, reads the log, rebuilds the window, and returns the Log, which
// appends to the same file, with the Replay. The caller owns the Log.
//
// Resume is the one place that repairs a log, and it repairs one thing: a
// torn last line, the mark a crash leaves. Replay.Repaired says which line
// went. Then Resume appends today's system prompt and a user-role note
// telling the model that the session was reopened and files may have
// changed, to the log and the window both.
//
// Anything else refuses the resume and leaves the log as it was: an id
// that is not one (ErrBadID), no such session (ErrNoSession), another ply
// holding it (*LockedError), a bad line before the end (*DamagedError),
// or a log with no meta line (ErrNoMeta), even when its only line is a
// torn one.
func (s Store) Resume(id string, opts ReplayOptions) (*Log, *Replay, error) {
	path, err := s.existing(id)
	if err != nil {
		return nil, nil, err
	}
	lk, err := acquire(id, path, s.pidPath(id))
	if err != nil {
		return nil, nil, err
	}
	l, rp, err := s.reopen(id, path, lk, opts)
	if err != nil {
		lk.release()
		return nil, nil, err
	}
	return l, rp, nil
}

// reopen does Resume's work once the lock is held: until then nothing may
// be repaired, since the line that looks torn may be one another ply is
// still writing. It reads the log through the very handle it locked, so
// that what it judges and repairs is the file it holds, whatever the name
// has come to stand for since.
func (s Store) reopen(id, path string, lk *lock, opts ReplayOptions) (*Log, *Replay, error) {
	if err := removeLeftover(path); err != nil {
		return nil, nil, err
	}
	rp, stop, err := replayFile(lk.f, path, opts)
	if err != nil {
		return nil, nil, err
	}
	if stop.err != nil && !errors.Is(stop.err, ErrTorn) {
		return nil, nil, &DamagedError{ID: id, Err: stop.err, ForkAt: stop.forkAt}
	}
	// A log with no meta line before the tear is none of ply's: a new log
	// appears with its meta line. Cutting the tear off would leave an
	// empty file, and the bytes would be lost for nothing.
	if rp.Meta.V == 0 {
		return nil, nil, fmt.Errorf("resume session %s: %w", id, ErrNoMeta)
	}
	if stop.err != nil {
		if err := repair(lk, path, stop.good); err != nil {
			return nil, nil, fmt.Errorf("repair session %s: %w", id, err)
		}
		rp.Repaired = stop.err
	}
	f, err := appender(path, lk)
	if err != nil {
		return nil, nil, fmt.Errorf("resume session %s: %w", id, err)
	}
	if err := private(f); err != nil {
		f.Close()
		return nil, nil, fmt.Errorf("resume session %s: %w", id, err)
	}
	l := newLog(id, path, f, lk, s.Sync, rp.LastSeq)
	l.usage = rp.Usage
	if err := l.greet(rp, opts, reopenNote("Session "+id+" reopened.", rp, opts.Cwd)); err != nil {
		f.Close()
		return nil, nil, err
	}
	return l, rp, nil
}

// stop is where and why reading a log stopped.
type stop struct {
	err    *LineError // the bad line; nil when the log read to its end
	good   int64      // bytes of whole good lines before it
	forkAt int64      // the last fork point before it; 0 when none
}

// replayFile reads the log in f, named path, from where f stands, into a
// new Replay and finishes it. A bad line is not an error here but the
// stop's: the caller decides what it means. The error is for a log that
// could not be read at all.
func replayFile(f io.Reader, path string, opts ReplayOptions) (*Replay, stop, error) {
	r := NewReader(f, path)
	rp := NewReplay(opts.System, opts.Compact)
	var st stop
	for r.Next() {
		ev := r.Event()
		rp.Apply(ev)
		if IsForkPoint(ev) {
			st.forkAt = ev.Seq
		}
	}
	rp.Finish()
	st.good = r.Offset()
	var lerr *LineError
	if err := r.Err(); errors.As(err, &lerr) {
		st.err = lerr
	} else if err != nil {
		return nil, stop{}, err
	}
	return rp, st, nil
}

// greet appends today's system prompt and a note for the model to the
// log, and the note to the window too, so that the two stay the same.
func (l *Log) greet(rp *Replay, opts ReplayOptions, note string) error {
	if _, err := l.Append(System{Content: opts.System}); err != nil {
		return err
	}
	m := llm.Message{Role: llm.RoleUser, Content: note}
	if _, err := l.Append(Message{Message: m}); err != nil {
		return err
	}
	rp.Window = append(rp.Window, m)
	return nil
}

// reopenNote is what the model is told when a session is opened again,
// resumed or forked, after opened, the sentence that says which: time
// has passed, files may have changed, perhaps ply now runs somewhere else,
// and perhaps tool calls were cut off before their results came back.
func reopenNote(opened string, rp *Replay, cwd string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[%s Time has passed since the messages above, "+
		"and files may have changed: read a file again before you edit it.", opened)
	if rp.Meta.Cwd != "" && cwd != "" && rp.Meta.Cwd != cwd {
		fmt.Fprintf(&b, " The session began in %s; ply now runs in %s, and the tools work there.", rp.Meta.Cwd, cwd)
	}
	if rp.Dropped > 0 {
		b.WriteString(" Tool calls that a crash cut off before their results came back are left out; call them again if you still need them.")
	}
	b.WriteString("]")
	return b.String()
}
