package session

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"ply/day07/llm"
)

// Summary is one line of a listing of sessions.
type Summary struct {
	ID       string
	Used     time.Time // when the log last changed: its last event
	Messages int       // message events in the log
	Preview  string    // the first user message's start as written, secrets included: show it with Redactor.Preview
	Cwd      string    // the directory the session began in
	Current  bool      // the session this ply is in
	Err      error     // the bad line that stopped the reading; the counts go up to it
}

// List returns up to max sessions, most recently used first: those begun
// in cwd, or every session when cwd is "". The one whose id is current is
// marked. Sessions without a message are left out, but for the current
// one. A session that cannot be read to its end is never left out: it is
// listed with the reason in Err, and, when not even its meta line can be
// read, in the list of the directory its name has the key of, or in every
// directory's when the name has none.
//
// Ordering by last use needs the time of every log it may show, so List
// looks at their metadata, as ls -t does; the logs whose names say they
// began elsewhere it passes over by name. It reads only what it shows:
// the logs it lists, and of the others only their first line, which says
// where they began, through one buffer for them all.
func (s Store) List(cwd, current string, max int) ([]Summary, error) {
	if err := s.folder(false); err != nil {
		return nil, err
	}
	logs, err := s.byLastUse(cwd)
	if err != nil {
		return nil, err
	}
	var out []Summary
	r := NewReader(nil, "")
	for _, lf := range logs {
		if len(out) == max {
			break
		}
		sum := summarize(r, lf, cwd)
		sum.Current = sum.ID == current
		if listed(sum, cwd) {
			out = append(out, sum)
		}
	}
	return out, nil
}

// listed reports whether sum belongs in the list of cwd's sessions.
func listed(sum Summary, cwd string) bool {
	switch {
	case sum.Err != nil:
		return cwd == "" || sum.Cwd == cwd || sum.Cwd == ""
	case cwd != "" && sum.Cwd != cwd:
		return false
	}
	return sum.Messages > 0 || sum.Current
}

// Latest returns the id of the most recently used session begun in cwd:
// what ply --resume resumes. It passes over no session: when the latest
// is damaged, it is the one Latest returns, and resuming it says why it
// cannot be.
func (s Store) Latest(cwd string) (string, error) {
	list, err := s.List(cwd, "", 1)
	if err != nil {
		return "", err
	}
	if len(list) == 0 {
		return "", fmt.Errorf("%w begun in %s", ErrNoSession, cwd)
	}
	return list[0].ID, nil
}

// logFile is one log in the sessions folder.
type logFile struct {
	id   string
	path string
	used time.Time // its modification time
	err  error     // why it cannot be read: it is a link, or not a regular file
}

// byLastUse returns the logs of the store that may have begun in cwd, or
// all of them when cwd is "", the most recently changed first: a log
// whose name has another directory's key is passed over without a look
// at the file. A folder that does not exist yet holds no logs. A name
// that is a session's log but not a regular file is kept, with the
// reason, so that it is shown and not passed over.
func (s Store) byLastUse(cwd string) ([]logFile, error) {
	names, err := readNames(s.Dir)
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	here := ""
	if cwd != "" {
		here = dirKey(cwd)
	}
	var logs []logFile
	for _, name := range names {
		id, key, ok := parseName(name)
		if !ok || (here != "" && key != "" && key != here) {
			continue // not a log, or one begun elsewhere
		}
		path := filepath.Join(s.Dir, name)
		info, err := os.Lstat(path)
		if err != nil {
			continue // removed since the folder was read: nothing to show
		}
		logs = append(logs, logFile{id: id, path: path, used: info.ModTime(), err: notRegular(path, info)})
	}
	slices.SortFunc(logs, func(a, b logFile) int {
		if c := b.used.Compare(a.used); c != 0 {
			return c
		}
		return strings.Compare(b.id, a.id)
	})
	return logs, nil
}

// summarize reads lf for its line of the listing, with r, which it points
// at lf. When cwd is set and the meta line names another directory, it
// stops there.
func summarize(r *Reader, lf logFile, cwd string) Summary {
	sum := Summary{ID: lf.id, Used: lf.used, Err: lf.err}
	if lf.err != nil {
		return sum
	}
	f, err := openFile(lf.path, os.O_RDONLY, 0)
	if err != nil {
		sum.Err = err
		return sum
	}
	defer f.Close()
	r.reset(f, lf.path)
	for r.Next() {
		switch d := r.Event().Data.(type) {
		case Meta:
			sum.Cwd = d.Cwd
			if cwd != "" && d.Cwd != cwd {
				return sum
			}
		case Message:
			sum.Messages++
			if sum.Preview == "" && d.Message.Role == llm.RoleUser {
				sum.Preview = shownAt(d.Message.Content)
			}
		}
	}
	sum.Err = r.Err()
	if sum.Err == nil && r.LastSeq() == 0 {
		sum.Err = ErrNoMeta // empty, or blank lines only: not a session, and not to be passed over
	}
	return sum
}
