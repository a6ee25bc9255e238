package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// Store is the folder that holds every session's log, $PLY_HOME/sessions:
// <id>.jsonl for the log and <id>.lock for its lock.
type Store struct {
	Dir  string // made, 0700, by the first Create
	Sync bool   // fsync each event: a power cut loses nothing, at a price
}

// Create starts a new session: a new log, locked, holding its meta line
// and the system prompt. It fills in meta's V and ID. The caller owns the
// Log and closes it.
func (s Store) Create(meta Meta, system string) (*Log, error) {
	l, err := s.newLog()
	if err != nil {
		return nil, err
	}
	meta.V, meta.ID = Version, l.id
	_, err = l.Append(meta)
	if err == nil {
		_, err = l.Append(System{Content: system})
	}
	if err != nil {
		l.discard()
		return nil, err
	}
	return l, nil
}

// Open opens session id's log for reading only. It takes no lock,
// repairs nothing and writes nothing, so it is safe on a session another
// ply is writing. The caller closes the Reader.
func (s Store) Open(id string) (*Reader, error) {
	path, err := s.existing(id)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("open session %s: %w", id, err)
	}
	r := NewReader(f, path)
	r.file = f
	return r, nil
}

// newLog makes the log of a new session, empty and locked. O_EXCL makes
// sure the file is new: two plys that start in the same second and draw
// the same four letters get one file each, the second under another id.
func (s Store) newLog() (*Log, error) {
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return nil, fmt.Errorf("make the sessions folder: %w", err)
	}
	for range 10 {
		id := NewID(time.Now())
		lk, err := acquire(id, s.lockPath(id))
		if errors.Is(err, ErrLocked) {
			continue // another ply is making this very id
		}
		if err != nil {
			return nil, err
		}
		path := s.logPath(id)
		f, err := os.OpenFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY|os.O_APPEND, 0o600)
		if err != nil {
			lk.release()
			if errors.Is(err, fs.ErrExist) {
				continue
			}
			return nil, fmt.Errorf("create session %s: %w", id, err)
		}
		return newLog(id, path, f, lk, s.Sync, 0), nil
	}
	return nil, errors.New("create a session: ten ids in a row were taken")
}

// existing checks id and returns the path of its log, which must exist
// and be a regular file: opening a FIFO put in its place would wait for
// a writer for ever, and a device could be read without end.
func (s Store) existing(id string) (string, error) {
	if err := CheckID(id); err != nil {
		return "", err
	}
	path := s.logPath(id)
	info, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("%w %s", ErrNoSession, id)
	}
	if err != nil {
		return "", fmt.Errorf("open session %s: %w", id, err)
	}
	if !info.Mode().IsRegular() {
		return "", fmt.Errorf("session %s: %w: %s", id, ErrNotAFile, path)
	}
	return path, nil
}

func (s Store) logPath(id string) string  { return filepath.Join(s.Dir, id+".jsonl") }
func (s Store) lockPath(id string) string { return filepath.Join(s.Dir, id+".lock") }

// discard closes a log that could not be made whole and removes it. Only
// a log this process has just made, and nobody has seen, is discarded.
func (l *Log) discard() {
	// The log is being given up on: what matters is the error that made
	// us give up, not one from cleaning up after it.
	l.Close()
	os.Remove(l.path)
}
