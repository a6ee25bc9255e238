package session

import (
	"fmt"
	"os"
	"path/filepath"
	"time"

	"ply/day07/llm"
)

// Log is a session's log open for appending. Only one process at a time
// has a session's Log: it holds the session's lock until Close.
// A Log is not safe for concurrent use; the agent appends from one
// goroutine.
type Log struct {
	id    string
	path  string   // where the log is: name, or in the folder of new logs until publish
	name  string   // the log's name as a session, <id>.<key>.jsonl
	f     *os.File // opened O_WRONLY|O_APPEND; a new log's, before publish, without O_APPEND
	lock  *lock    // released by Close
	sync  bool     // fsync after each event
	enc   *lineEncoder
	next  int64 // seq of the next event: one more than the last, never reused
	usage Usage // the running total AddUsage adds to
	err   error // the first failed write; every later Append returns it

	closed bool
}

// newLog wraps f, the log of session id at path, which lk locks and which
// holds events up to seq last.
func newLog(id, path string, f *os.File, lk *lock, sync bool, last int64) *Log {
	return &Log{id: id, path: path, name: path, f: f, lock: lk, sync: sync, enc: newLineEncoder(), next: last + 1}
}

// ID returns the session's id.
func (l *Log) ID() string { return l.id }

// Path returns the log's file.
func (l *Log) Path() string { return l.path }

// LastSeq returns the seq of the last event in the log.
func (l *Log) LastSeq() int64 { return l.next - 1 }

// Append writes d as the log's next event, stamped with the next seq and
// the time, and returns that event. The line goes to the kernel in one
// write before Append returns, so a process killed right after loses
// nothing; with fsync on, it is on the disk too.
//
// An event whose line would be longer than MaxLine is refused with
// ErrTooLong and nothing is written. After a refused event or a failed
// write, the Log refuses every later Append with the same error. A line
// the write may have torn must stay the last one, where resume can
// repair it; and the log must stay a prefix of what happened, with no
// event missing from its middle: a tool call left out, and its result
// logged after it, would hand a replay a result whose call the model
// never made, which no server takes.
//
// Appending after Close, or appending an Unknown, is a mistake in the
// program, and panics.
func (l *Log) Append(d Data) (Event, error) {
	if l.closed {
		panic("session: Append after Close")
	}
	if _, ok := d.(Unknown); ok {
		panic("session: Append of an event of unknown type " + d.Type())
	}
	if l.err != nil {
		return Event{}, l.err
	}
	ev := Event{Seq: l.next, Time: time.Now().UTC().Truncate(time.Millisecond), Data: d}
	line, err := l.enc.encode(ev)
	if err == nil && len(line)-1 > MaxLine {
		err = ErrTooLong
	}
	if err != nil {
		l.err = fmt.Errorf("append %s event to session %s: %w", d.Type(), l.id, err)
		return Event{}, l.err
	}
	if err := l.write(line); err != nil {
		l.err = fmt.Errorf("append to session %s: %w", l.id, err)
		return Event{}, l.err
	}
	l.next++
	return ev, nil
}

// write puts line in the file with one Write, which for a regular file
// is one write(2), and then on the disk when fsync is on.
func (l *Log) write(line []byte) error {
	if _, err := l.f.Write(line); err != nil {
		return err
	}
	if l.sync {
		return l.f.Sync()
	}
	return nil
}

// AddUsage adds one reply's token counts to the session's running total
// and appends the new total as a usage event. The total counts on from
// the last usage event of a resumed session.
//
//lab:exercise 1 Afterwards the log's last event is a Usage of the session's running total, turn included (TotalTokens = InputTokens + OutputTokens), equal to l.usage; a failed append leaves l.usage as it was.
func (l *Log) AddUsage(turn llm.Usage) error {
	total := Usage{
		InputTokens:  l.usage.InputTokens + turn.Input,
		OutputTokens: l.usage.OutputTokens + turn.Output,
	}
	total.TotalTokens = total.InputTokens + total.OutputTokens
	if _, err := l.Append(total); err != nil {
		return err
	}
	l.usage = total
	return nil
}

// Close closes the log and lets another process open the session.
// Closing twice does nothing.
func (l *Log) Close() error {
	if l.closed {
		return nil
	}
	l.closed = true
	var err error
	if l.f != l.lock.f { // a new log writes through its lock's own handle
		err = l.f.Close()
	}
	if lerr := l.lock.release(); err == nil {
		err = lerr
	}
	return err
}

// publish gives a new log its session's name, once it is whole. The
// rename makes it appear in one step, so that no listing, resume or fork
// ever sees a log half made, and one that a kill interrupts is never
// taken for a session. With fsync on, the file is on the disk before it
// has its name, and the name after. From then on the log appends through
// a handle opened O_APPEND, as a resumed log does.
func (l *Log) publish() error {
	if l.sync {
		if err := l.f.Sync(); err != nil {
			return err
		}
	}
	if err := l.lock.replace(l.f, l.path, l.name); err != nil {
		return err
	}
	l.path = l.name
	if l.sync {
		syncDir(filepath.Dir(l.name))
	}
	f, err := appender(l.name, l.lock)
	if err != nil {
		return err
	}
	l.f = f
	return nil
}

// discard closes a log that could not be made whole and, while it is
// still a new log that nothing has seen, removes it. Once published, a
// log may be in another ply's listing already, and is never removed.
func (l *Log) discard() {
	// The log is being given up on: what matters is the error that made
	// us give up, not one from cleaning up after it.
	l.Close()
	if l.path != l.name {
		os.Remove(l.path)
	}
}

// appender opens the log at path for appending, and checks that it is
// the file lk locks: a name can be given to another file at any moment,
// and ply appends only to the file it holds.
func appender(path string, lk *lock) (*os.File, error) {
	f, err := openFile(path, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		return nil, err
	}
	if same, err := oneFile(f, lk.f); !same || err != nil {
		f.Close()
		if err == nil {
			err = fmt.Errorf("%s was replaced while ply opened it", path)
		}
		return nil, err
	}
	return f, nil
}
