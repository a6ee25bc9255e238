package session

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// idPattern is the form of every id NewID makes. It is compiled once and
// never changed.
var idPattern = regexp.MustCompile(`^s-[0-9]{8}-[0-9]{6}-[a-z0-9]{4}$`)

// NewID returns a new session id for time t: "s-", t in UTC as
// YYYYMMDD-HHMMSS, and four random lowercase letters or digits. Sorting
// ids sorts sessions by the time they began, and two sessions begun in
// the same second differ, but for one chance in 1.7 million, which
// Store.Create catches.
func NewID(t time.Time) string {
	const alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"
	var tail [4]byte
	for i := range tail {
		tail[i] = alphabet[rand.IntN(len(alphabet))]
	}
	return "s-" + t.UTC().Format("20060102-150405") + "-" + string(tail[:])
}

// CheckID returns an error wrapping ErrBadID unless id has exactly the
// form NewID gives. An id becomes part of a path, so this is what keeps
// "../x", "/etc/passwd" or "s-20260907-100000-k3x9/../.." from ever
// reaching one.
func CheckID(id string) error {
	if !idPattern.MatchString(id) {
		return fmt.Errorf("%w: %q", ErrBadID, id)
	}
	return nil
}

// ParseForkPoint splits "ID@SEQ", the argument of ply --fork.
func ParseForkPoint(s string) (id string, seq int64, err error) {
	id, n, ok := strings.Cut(s, "@")
	if !ok {
		return "", 0, fmt.Errorf("fork point %q: want ID@SEQ, such as s-20260907-100000-k3x9@12", s)
	}
	if err := CheckID(id); err != nil {
		return "", 0, err
	}
	seq, err = strconv.ParseInt(n, 10, 64)
	if err != nil || seq < 1 {
		return "", 0, fmt.Errorf("fork point %q: %q is not a seq", s, n)
	}
	return id, seq, nil
}
