package session

import (
	"fmt"
	"io"
	"os"

	"ply/day07/llm"
)

// ForkPoint is a place a session can be forked from.
type ForkPoint struct {
	Seq     int64
	Role    string // llm.RoleUser, or llm.RoleAssistant for an answer with no tool calls
	Preview string // the message's start as written, secrets included: show it with Redactor.Preview
}

// IsForkPoint reports whether a fork may end right after ev: after a user
// message, or after an assistant message with no tool calls. Anywhere
// else the copy would end inside a tool round, with calls that have no
// answers, and the next request would be refused.
func IsForkPoint(ev Event) bool {
	m, ok := ev.Data.(Message)
	if !ok {
		return false
	}
	return m.Message.Role == llm.RoleUser || (m.Message.Role == llm.RoleAssistant && len(m.Message.ToolCalls) == 0)
}

// ForkPoints lists the fork points of the log r reads, in order, as far
// as r reads; r.Err says whether that was the end.
func ForkPoints(r *Reader) []ForkPoint {
	var points []ForkPoint
	for r.Next() {
		if ev := r.Event(); IsForkPoint(ev) {
			m := ev.Data.(Message).Message
			points = append(points, ForkPoint{Seq: ev.Seq, Role: m.Role, Preview: shownAt(m.Content)})
		}
	}
	return points
}

// Fork starts a new session from session parent as it stood after event
// at, which must be a fork point. The new log holds the parent's lines up
// to at, byte for byte and with their own seqs, then a Fork event, then,
// as on Resume, today's system prompt and a note for the model. It
// appears whole or not at all: a fork that fails, or is killed, leaves no
// session behind. The parent's file is not touched: it stays
// byte-identical, and another ply may even be writing it. The caller
// owns the returned Log.
//
// Forking is not rolling back: the files the parent's tools changed stay
// changed.
func (s Store) Fork(parent string, at int64, opts ReplayOptions) (*Log, *Replay, error) {
	path, err := s.existing(parent)
	if err != nil {
		return nil, nil, err
	}
	// One open of the parent, read to judge the point and then copied:
	// the bytes copied are the bytes judged, whatever the name stands for
	// by then.
	src, err := openFile(path, os.O_RDONLY, 0)
	if err != nil {
		return nil, nil, fmt.Errorf("fork %s@%d: %w", parent, at, err)
	}
	defer src.Close()
	size, rp, err := prefix(src, path, at, opts)
	if err == nil {
		_, err = src.Seek(0, io.SeekStart)
	}
	if err != nil {
		return nil, nil, fmt.Errorf("fork %s@%d: %w", parent, at, err)
	}
	l, err := s.forkLog(parent, rp.Meta.Cwd, src, size, at)
	if err != nil {
		return nil, nil, fmt.Errorf("fork %s@%d: %w", parent, at, err)
	}
	opened := fmt.Sprintf("This session was forked from %s after event %d.", parent, at)
	if err := l.greet(rp, opts, reopenNote(opened, rp, opts.Cwd)); err != nil {
		l.Close()
		return nil, nil, err
	}
	return l, rp, nil
}

// prefix reads the log in src, named path, up to event at and replays
// it, and returns how many bytes the lines up to at take. It refuses an
// at that is not a fork point, and a log that stops before it.
func prefix(src io.Reader, path string, at int64, opts ReplayOptions) (int64, *Replay, error) {
	r := NewReader(src, path)
	rp := NewReplay(opts.System, opts.Compact)
	for r.Next() && r.LastSeq() <= at {
		ev := r.Event()
		rp.Apply(ev)
		if ev.Seq < at {
			continue
		}
		if !IsForkPoint(ev) {
			return 0, nil, fmt.Errorf("event %d, %s: %w", at, describeKind(ev), ErrNoForkPoint)
		}
		rp.Finish()
		return r.Offset(), rp, nil
	}
	if err := r.Err(); err != nil {
		return 0, nil, err
	}
	return 0, nil, fmt.Errorf("no event %d: %w", at, ErrNoForkPoint)
}

// forkLog makes the log of a new session that begins as a copy of the
// first size bytes of the parent's log, read from src, and goes on with a
// Fork event at seq at+1. cwd is where the parent began, as the copied
// meta line says. The log is whole or absent: made where nothing looking
// for sessions reads (newLog), given its session's name only once the
// Fork event is in it (publish), and removed (discard) when anything
// fails before.
//
//lab:exercise 4 Make a new session's log (begun in cwd): the first size bytes of src, byte for byte, then Fork{From: parent, AtSeq: at} as seq at+1. It takes its name only whole; nothing of it is left on failure.
func (s Store) forkLog(parent, cwd string, src io.Reader, size, at int64) (*Log, error) {
	l, err := s.newLog(cwd)
	if err != nil {
		return nil, err
	}
	_, err = io.CopyN(l.f, src, size)
	if err == nil {
		l.next = at + 1
		_, err = l.Append(Fork{From: parent, AtSeq: at})
	}
	if err == nil {
		err = l.publish()
	}
	if err != nil {
		l.discard()
		return nil, err
	}
	return l, nil
}

// describeKind names what kind of event ev is, for an error.
func describeKind(ev Event) string {
	m, ok := ev.Data.(Message)
	switch {
	case !ok:
		return ev.Data.Type() + " event"
	case len(m.Message.ToolCalls) > 0:
		return m.Message.Role + " message with tool calls"
	}
	return m.Message.Role + " message"
}
