package session

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"unicode/utf8"
)

// MaxLine is the longest line a log may hold, not counting its "\n". A
// tool's result is cut to a few thousand characters long before this;
// the limit is what bounds the memory a damaged or hostile file can make
// the reader take.
const MaxLine = 16 << 20

var newline = []byte("\n")

// Reader reads the events of a log in order and stops at the first line
// it cannot trust. It streams: it holds one line at a time, never the
// file.
//
//	r := session.NewReader(f, path)
//	for r.Next() {
//		ev := r.Event()
//		…
//	}
//	if err := r.Err(); err != nil {
//		… // a *LineError when a line stopped it
//	}
//
// It never skips a bad line to read on after it: a crash only ever tears
// the last line, so a bad line anywhere means something else changed the
// file, and the events after it cannot be trusted either.
type Reader struct {
	path string // for errors
	in   *bufio.Reader
	max  int       // the longest line accepted: MaxLine, but for tests
	long []byte    // a line longer than in's buffer, put together
	file io.Closer // closed by Close; nil unless Store.Open opened the file

	line int    // the number of the line read last, from 1, blank lines too
	good int64  // bytes from the start up to the end of the last line that was fine
	prev int64  // seq of the last event; 0 before the first
	ev   Event  // the event Next read
	raw  []byte // its line, "\n" included
	err  error  // what stopped the reader; io.EOF at a clean end
}

// NewReader returns a reader of the log r holds. path names the log in
// errors.
func NewReader(r io.Reader, path string) *Reader {
	return &Reader{path: path, in: bufio.NewReaderSize(r, 64<<10), max: MaxLine}
}

// reset makes r a reader of the log in src, named path, as NewReader would,
// but with the buffers r already has: a listing reads the first line of
// thousands of logs, and a buffer for each would cost more than the reading.
func (r *Reader) reset(src io.Reader, path string) {
	r.in.Reset(src)
	*r = Reader{path: path, in: r.in, max: r.max, long: r.long[:0]}
}

// Next reads the next event and reports whether there was one. It returns
// false at the end of the log, at a read error, and at the first line
// that cannot be trusted; Err says which.
func (r *Reader) Next() bool {
	for r.err == nil {
		line, err := r.readLine()
		if err == io.EOF {
			r.err = err
			return false
		}
		r.line++
		if err != nil {
			r.err = r.readError(err)
			return false
		}
		ev, err := decode(bytes.TrimSuffix(line, newline))
		if r.judge(line, ev, err); r.err != nil {
			return false
		}
		r.good += int64(len(line))
		if ev.Data == nil {
			continue // a blank line
		}
		r.prev, r.ev, r.raw = ev.Seq, ev, line
		return true
	}
	return false
}

// judge stops the reader at a line it cannot trust: it sets r.err to a
// *LineError that names the line and the reason, and Next returns false
// from then on. line is the line as read, "\n" included; ev and err are
// what decode made of it. A line the judge lets through is an event, or
// blank when ev.Data is nil.
//
//lab:exercise 2 Stop the reader (r.err: *LineError of r.path, r.line) at a line with no final "\n" (ErrTorn), not UTF-8 (ErrBadUTF8), decode refused (err), or an event whose seq is not r.prev+1 (ErrBadSeq, "7 after 5").
func (r *Reader) judge(line []byte, ev Event, err error) {
	switch {
	case !bytes.HasSuffix(line, newline):
		err = ErrTorn
	case !utf8.Valid(line):
		err = ErrBadUTF8
	case err != nil:
		// decode's reason: not JSON, no seq, no type, wrong fields, version.
	case ev.Data != nil && ev.Seq != r.prev+1:
		err = fmt.Errorf("%w: %d after %d", ErrBadSeq, ev.Seq, r.prev)
	default:
		return
	}
	r.err = &LineError{Path: r.path, Line: r.line, Err: err}
}

// Event returns the event Next read.
func (r *Reader) Event() Event { return r.ev }

// Line returns the line of the event Next read, "\n" included. It is
// valid only until the next call to Next.
func (r *Reader) Line() []byte { return r.raw }

// Offset returns how many bytes from the start of the log are whole lines
// the reader accepted: after a stop, everything before the bad line.
// It is what a repair keeps and what a fork copies.
func (r *Reader) Offset() int64 { return r.good }

// LastSeq returns the seq of the last event read, 0 before the first.
func (r *Reader) LastSeq() int64 { return r.prev }

// Err returns what stopped the reader: a *LineError for a line it could
// not trust, another error for a failed read, and nil at the clean end of
// the log.
func (r *Reader) Err() error {
	if r.err == io.EOF {
		return nil
	}
	return r.err
}

// Close closes the file the reader reads when [Store.Open] opened it, and
// does nothing otherwise.
func (r *Reader) Close() error {
	if r.file == nil {
		return nil
	}
	return r.file.Close()
}

// readLine returns the next line with its "\n", or the last bytes of the
// input when they have none. It returns io.EOF only when nothing is left,
// and ErrTooLong for a line over r.max bytes, without reading the rest of
// it.
func (r *Reader) readLine() ([]byte, error) {
	line, err := r.in.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		// Longer than the buffer: put it together, as far as the limit.
		r.long = append(r.long[:0], line...)
		for err == bufio.ErrBufferFull && len(r.long) <= r.max {
			line, err = r.in.ReadSlice('\n')
			r.long = append(r.long, line...)
		}
		line = r.long
	}
	if len(bytes.TrimSuffix(line, newline)) > r.max {
		return nil, ErrTooLong
	}
	if err == io.EOF && len(line) > 0 {
		return line, nil // the last bytes, with no "\n": judge's to decide
	}
	return line, err
}

// readError wraps an error of readLine: a too-long line is a bad line;
// anything else is the file failing to be read.
func (r *Reader) readError(err error) error {
	if err == ErrTooLong {
		return &LineError{Path: r.path, Line: r.line, Err: err}
	}
	return fmt.Errorf("read %s: %w", r.path, err)
}
