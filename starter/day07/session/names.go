package session

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// A log's name says which session it is and where the session began:
// its id, a key of the directory, and .jsonl.
//
//	s-20260907-100000-k3x9.1f0a2b3c.jsonl
//
// The key is the first eight hex digits of the SHA-256 of the directory,
// as the meta line records it. It lets the listing of one directory's
// sessions pass over the others' by their names alone: with ten thousand
// sessions, opening each log to read where it began costs several times
// what ls -t does. The key only narrows the search. The meta line is what
// says where a session began, and a log named without a key, <id>.jsonl,
// as a hand may write or rename one, is read to learn it.

// dirKey returns the key of directory cwd in a log's name.
func dirKey(cwd string) string {
	sum := sha256.Sum256([]byte(cwd))
	return hex.EncodeToString(sum[:4])
}

// logName returns the path of session id's log, begun in cwd.
func (s Store) logName(id, cwd string) string {
	return filepath.Join(s.Dir, id+"."+dirKey(cwd)+".jsonl")
}

// parseName reads name, a name in the sessions folder, as a log's: the
// session's id and the key of its directory, "" when the name has none.
// ok is false for a name that is no log's: a pid file, a .repair file,
// the folder of new logs, anything that is not ply's.
func parseName(name string) (id, key string, ok bool) {
	base, ok := strings.CutSuffix(name, ".jsonl")
	if !ok {
		return "", "", false
	}
	id, key, _ = strings.Cut(base, ".")
	if CheckID(id) != nil || (key != "" && !isKey(key)) {
		return "", "", false
	}
	return id, key, true
}

// isKey reports whether key is eight lower-case hex digits, as dirKey
// makes them.
func isKey(key string) bool {
	if len(key) != 8 {
		return false
	}
	for _, c := range []byte(key) {
		if (c < '0' || c > '9') && (c < 'a' || c > 'f') {
			return false
		}
	}
	return true
}

// find returns the path of session id's log, whatever key its name has.
// Two logs of one session, which only hands can make, are refused by
// name rather than one chosen.
func (s Store) find(id string) (string, error) {
	names, err := readNames(s.Dir)
	if err != nil {
		return "", fmt.Errorf("open session %s: %w", id, err)
	}
	var found []string
	for _, name := range names {
		if logID, _, ok := parseName(name); ok && logID == id {
			found = append(found, name)
		}
	}
	switch len(found) {
	case 0:
		return "", fmt.Errorf("%w %s", ErrNoSession, id)
	case 1:
		return filepath.Join(s.Dir, found[0]), nil
	}
	return "", fmt.Errorf("session %s has %d logs, %s: move all but one out of %s", id, len(found), strings.Join(found, ", "), s.Dir)
}

// readNames returns the names in folder dir, in no order; none when dir
// does not exist yet.
func readNames(dir string) ([]string, error) {
	d, err := os.Open(dir)
	if os.IsNotExist(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	defer d.Close()
	return d.Readdirnames(-1)
}
