package session

import (
	"errors"
	"fmt"
)

// Why a line of a log cannot be trusted. The reader stops at the first
// such line and wraps its reason in a [LineError].
var (
	ErrTorn      = errors.New("cut short: no newline at its end")
	ErrTooLong   = errors.New("longer than 16 MiB")
	ErrBadUTF8   = errors.New("not valid UTF-8")
	ErrCRLF      = errors.New(`ends in "\r\n": ply ends its lines in "\n" alone`)
	ErrNotJSON   = errors.New("not one JSON object")
	ErrNoSeq     = errors.New("no integer seq")
	ErrBadSeq    = errors.New("seq is not one more than the last")
	ErrNoType    = errors.New("no string type")
	ErrNoTime    = errors.New("no ts that is an RFC 3339 time in a string")
	ErrKeyCase   = errors.New("a key that is not lower-case ASCII")
	ErrDupKey    = errors.New("a key named twice in one object")
	ErrBadFields = errors.New("fields do not fit the type")
	ErrVersion   = errors.New("unknown format version")
	ErrMetaFirst = errors.New("the meta line must be the first event, seq 1, and only it")
)

// Why a session cannot be opened, resumed or forked.
var (
	ErrBadID       = errors.New("not a session id")
	ErrNoSession   = errors.New("no such session")
	ErrNotAFile    = errors.New("not a regular file")
	ErrLink        = errors.New("a symbolic link")
	ErrLocked      = errors.New("session is open in another ply")
	ErrNoMeta      = errors.New("the log does not begin with a meta line")
	ErrNoForkPoint = errors.New("not a fork point: fork after a user message, or after an answer with no tool calls")
)

// LineError says which line of a log stopped the reader, and why.
type LineError struct {
	Path string
	Line int   // 1-based, counting every line of the file, blank ones too
	Err  error // why the line cannot be trusted: ErrTorn, ErrBadSeq, …
}

func (e *LineError) Error() string { return fmt.Sprintf("%s:%d: %v", e.Path, e.Line, e.Err) }
func (e *LineError) Unwrap() error { return e.Err }

// DamagedError refuses to resume a log with a bad line that is not a torn
// last line: no crash leaves one, so something else changed the file,
// and guessing what would hide a hole in the conversation. ForkAt is the
// last fork point before the bad line, from which a fork keeps everything
// that can be trusted.
type DamagedError struct {
	ID     string
	Err    *LineError
	ForkAt int64 // 0 when there is no fork point before the bad line
}

func (e *DamagedError) Error() string {
	if e.ForkAt == 0 {
		return fmt.Sprintf("session %s is damaged: %v; nothing before it is a fork point", e.ID, e.Err)
	}
	return fmt.Sprintf("session %s is damaged: %v; its last fork point before that is %s@%d", e.ID, e.Err, e.ID, e.ForkAt)
}

func (e *DamagedError) Unwrap() error { return e.Err }

// LockedError refuses a second writer: another ply has the session open.
type LockedError struct {
	ID  string
	PID int // the holder's process id; 0 when it could not be read
}

func (e *LockedError) Error() string {
	if e.PID == 0 {
		return fmt.Sprintf("session %s is open in another ply", e.ID)
	}
	return fmt.Sprintf("session %s is open in another ply (process %d)", e.ID, e.PID)
}

func (e *LockedError) Unwrap() error { return ErrLocked }
