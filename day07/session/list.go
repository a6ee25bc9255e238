package session

import (
	"errors"
	"fmt"
	"io/fs"
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
	Preview  string    // the start of the first user message, on one line
	Cwd      string    // the directory the session began in
	Current  bool      // the session this ply is in
	Err      error     // the bad line that stopped the reading; the counts go up to it
}

// List returns up to max sessions, most recently used first: those begun
// in cwd, or every session when cwd is "". The one whose id is current is
// marked. Sessions without a message are left out, but for the current
// one.
//
// Ordering by last use needs the time of every log, so List looks at
// every file's metadata, as ls -t does. It reads only what it shows: the
// logs it lists, and of the others only as much as it takes to learn that
// they began elsewhere or hold no message.
func (s Store) List(cwd, current string, max int) ([]Summary, error) {
	logs, err := s.byLastUse()
	if err != nil {
		return nil, err
	}
	var out []Summary
	for _, lf := range logs {
		if len(out) == max {
			break
		}
		sum := summarize(lf, cwd)
		sum.Current = sum.ID == current
		if (cwd != "" && sum.Cwd != cwd) || (sum.Messages == 0 && !sum.Current) {
			continue
		}
		out = append(out, sum)
	}
	return out, nil
}

// Latest returns the id of the most recently used session begun in cwd:
// what ply --resume resumes.
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
}

// byLastUse returns the logs of the store, the most recently changed
// first. A folder that does not exist yet holds no logs.
func (s Store) byLastUse() ([]logFile, error) {
	entries, err := os.ReadDir(s.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list sessions: %w", err)
	}
	var logs []logFile
	for _, e := range entries {
		id, ok := strings.CutSuffix(e.Name(), ".jsonl")
		if !ok || CheckID(id) != nil || !e.Type().IsRegular() {
			continue // a lock file, a .repair file, or something that is not ply's
		}
		info, err := e.Info()
		if err != nil {
			continue // removed since ReadDir listed it: nothing to show
		}
		logs = append(logs, logFile{id: id, path: filepath.Join(s.Dir, e.Name()), used: info.ModTime()})
	}
	slices.SortFunc(logs, func(a, b logFile) int {
		if c := b.used.Compare(a.used); c != 0 {
			return c
		}
		return strings.Compare(b.id, a.id)
	})
	return logs, nil
}

// summarize reads lf for its line of the listing. When cwd is set and the
// meta line names another directory, it stops there.
func summarize(lf logFile, cwd string) Summary {
	sum := Summary{ID: lf.id, Used: lf.used}
	f, err := os.Open(lf.path)
	if err != nil {
		sum.Err = err
		return sum
	}
	defer f.Close()
	r := NewReader(f, lf.path)
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
				sum.Preview = preview(d.Message.Content, 60)
			}
		}
	}
	sum.Err = r.Err()
	return sum
}
