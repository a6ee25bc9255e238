package llm

// This file reads Server-Sent Events (SSE), the format in which
// OpenAI-compatible servers stream a reply. The stream is lines of text,
// and an event is a run of lines ended by a blank line:
//
//	: a comment, which readers ignore
//	data: {"choices":[{"delta":{"content":"Hel"}}]}
//
//	data: {"choices":[{"delta":{"content":"lo"}}]}
//
//	data: [DONE]
//
// Each line is "field: value", and one space after the colon is dropped
// when it is there. Only the data field matters to ply: the data lines of
// one event join with "\n", and the other fields (event, id, retry) are
// ignored. A line ends in "\n", "\r\n" or a lone "\r". An event that the
// input ends in the middle of, before its blank line, is dropped: it may be
// cut short.

import (
	"bufio"
	"errors"
	"io"
)

// maxEventLine is the longest line the reader accepts. Some servers send a
// whole tool call in one line, and its arguments can hold a file.
const maxEventLine = 16 << 20

// eventReader reads the data of each event of an SSE stream.
type eventReader struct {
	lines *bufio.Scanner
	data  string // the data of the event Next read
}

// newEventReader returns a reader of the events in r.
func newEventReader(r io.Reader) *eventReader {
	lines := bufio.NewScanner(r)
	lines.Buffer(make([]byte, 0, 4096), maxEventLine)
	lines.Split(scanLines)
	return &eventReader{lines: lines}
}

// Next reads up to the end of the next event that has data, and reports
// whether there was one. It returns false at the end of the input or on a
// read error; Err tells which.
func (e *eventReader) Next() bool {
	// TODO(lab 1): Read lines (e.lines.Scan) and collect the value of every
	// "data" field, without the one space after the colon. At a blank line, if
	// data was collected, join it with "\n" into e.data and return true; a
	// blank line with no data before it ends nothing. Ignore comments (":…")
	// and other fields. When the lines run out, return false: an event with no
	// blank line after it is dropped.
	// See "Exercise 1" in README.md.
	return false
}

// Data returns the data of the event that Next read.
func (e *eventReader) Data() string { return e.data }

// Err returns the error that stopped the reader, or nil at the end of the
// input.
func (e *eventReader) Err() error { return e.lines.Err() }

// scanLines is a bufio.SplitFunc for the lines of an SSE stream, which may
// end in "\n", "\r\n" or a lone "\r". The returned line has no line end.
func scanLines(data []byte, atEOF bool) (advance int, line []byte, err error) {
	// TODO(lab 1): Find the first '\r' or '\n' in data. A '\n' ends a line; so
	// does a '\r', and a '\n' right after it belongs to the same line end. A
	// '\r' that is the last byte of data is a line end only at EOF: before
	// that, ask for more data (return 0, nil, nil) to see whether a '\n'
	// follows. With no line end, return the rest as the last line at EOF, or
	// ask for more.
	// See "Exercise 1" in README.md.
	return 0, nil, errors.New("exercise 1 is not done yet")
}
