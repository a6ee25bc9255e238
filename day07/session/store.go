package session

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Store is the folder that holds every session's log, $PLY_HOME/sessions:
// <id>.<key>.jsonl for the log (names.go), locked while a ply writes it,
// and <id>.pid for the pid of that ply. A log being made is in the folder new inside it,
// where no listing, resume or fork looks, until it is whole (see
// Log.publish).
type Store struct {
	Dir  string // made, 0700, by the first Create
	Sync bool   // fsync each event: a power cut loses nothing, at a price
}

// Create starts a new session: a new log, locked, holding its meta line,
// the system prompt and, when there are any, the grants the conversation
// already has. It fills in meta's V and ID. The log appears whole or not
// at all. The caller owns the Log and closes it.
func (s Store) Create(meta Meta, system string, grants []string) (*Log, error) {
	l, err := s.newLog(meta.Cwd)
	if err != nil {
		return nil, err
	}
	meta.V, meta.ID = Version, l.id
	_, err = l.Append(meta)
	if err == nil {
		_, err = l.Append(System{Content: system})
	}
	if err == nil && len(grants) > 0 {
		_, err = l.Append(Grants{Grants: grants, Cwd: meta.Cwd})
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

// Open opens session id's log for reading only. It takes no lock,
// repairs nothing and writes nothing, so it is safe on a session another
// ply is writing. The caller closes the Reader.
func (s Store) Open(id string) (*Reader, error) {
	path, err := s.existing(id)
	if err != nil {
		return nil, err
	}
	f, err := openFile(path, os.O_RDONLY, 0)
	if err != nil {
		return nil, fmt.Errorf("open session %s: %w", id, err)
	}
	r := NewReader(f, path)
	r.file = f
	return r, nil
}

// newLog makes the log of a new session begun in cwd, empty and locked,
// in the folder of new logs, which nothing that looks for sessions reads.
// It is open for writing without O_APPEND, so that a copy into it can go
// file to file in the kernel (copy_file_range) instead of through this
// process.
//
// O_EXCL makes sure the file is new. Two plys that start in the same
// second and draw the same four letters get one file each: the second is
// refused the new file while the first makes it, or, once the first has
// published it, finds the session there, and tries another id.
//
// The file is seen before it is locked: another ply's removeLeftovers can
// take it, in that moment, for a leftover nobody holds, lock it and
// remove it. So, as acquire does, the lock is checked once taken: only a
// file that still has its name is ply's new log, and anything else is
// given up for another id. Once locked, no clean-up can remove it.
func (s Store) newLog(cwd string) (*Log, error) {
	if err := s.folder(true); err != nil {
		return nil, err
	}
	s.removeLeftovers()
	for range 10 {
		id := NewID(time.Now())
		path := filepath.Join(s.newDir(), id+".jsonl")
		f, err := openFile(path, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o600)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("create session %s: %w", id, err)
		}
		lk, err := lockFile(id, f, s.pidPath(id))
		var locked *LockedError
		if errors.As(err, &locked) {
			continue // a clean-up holds it, and removes it
		}
		if err != nil {
			os.Remove(path) // ours, and empty: nothing to keep
			return nil, err
		}
		if same, err := names(path, f); err != nil || !same {
			lk.release() // a clean-up removed it before the lock
			continue
		}
		l := newLog(id, path, f, lk, s.Sync, 0)
		l.name = s.logName(id, cwd)
		if taken(l.name, s.logPath(id)) {
			l.discard() // the id is another session's
			continue
		}
		if err := lk.writePID(); err != nil {
			os.Remove(path)
			return nil, err
		}
		return l, nil
	}
	return nil, errors.New("create a session: ten ids in a row were taken")
}

// taken reports whether any of paths exists.
func taken(paths ...string) bool {
	for _, path := range paths {
		if _, err := os.Lstat(path); err == nil {
			return true
		}
	}
	return false
}

// removeLeftovers removes the new logs that a ply killed while it made
// them left behind: a new log whose lock nobody holds. The new log of a
// ply still at work is locked, and stays. Cleaning up is no reason to
// fail a new session, so nothing here is reported.
func (s Store) removeLeftovers() {
	entries, _ := os.ReadDir(s.newDir())
	for _, e := range entries {
		id, ok := strings.CutSuffix(e.Name(), ".jsonl")
		if !ok || CheckID(id) != nil {
			continue
		}
		path := filepath.Join(s.newDir(), e.Name())
		f, err := openFile(path, os.O_RDONLY, 0)
		if err != nil {
			continue
		}
		if lk, err := lockFile(id, f, s.pidPath(id)); err == nil {
			os.Remove(path)
			lk.release()
		}
	}
}

// existing checks id and returns the path of its log, which must exist
// and be a regular file, not reached through a link: opening a FIFO put
// in its place would wait for a writer for ever, a device could be read
// without end, and a link would have ply read or write elsewhere.
func (s Store) existing(id string) (string, error) {
	if err := CheckID(id); err != nil {
		return "", err
	}
	if err := s.folder(false); err != nil {
		return "", err
	}
	path, err := s.find(id)
	if err != nil {
		return "", err
	}
	info, err := os.Lstat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return "", fmt.Errorf("%w %s", ErrNoSession, id)
	case err != nil:
		return "", fmt.Errorf("open session %s: %w", id, err)
	}
	if err := notRegular(path, info); err != nil {
		return "", fmt.Errorf("session %s: %w", id, err)
	}
	return path, nil
}

// logPath is the name of session id's log without a directory key, as a
// hand may write one (see names.go).
func (s Store) logPath(id string) string { return filepath.Join(s.Dir, id+".jsonl") }
func (s Store) newDir() string           { return filepath.Join(s.Dir, "new") }
func (s Store) pidPath(id string) string { return filepath.Join(s.Dir, id+".pid") }
