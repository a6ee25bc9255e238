package llm

import (
	"io"
	"slices"
	"strings"
	"testing"
	"testing/iotest"
)

var eventTests = []struct {
	name string
	in   string
	want []string
}{
	{"one event", "data: a\n\n", []string{"a"}},
	{"two events", "data: a\n\ndata: b\n\n", []string{"a", "b"}},
	{"no space after the colon", "data:a\n\n", []string{"a"}},
	{"only one space is dropped", "data:  a\n\n", []string{" a"}},
	{"data lines join", "data: a\ndata: b\n\n", []string{"a\nb"}},
	{"empty data line", "data\n\n", []string{""}},
	{"CRLF", "data: a\r\n\r\ndata: b\r\n\r\n", []string{"a", "b"}},
	{"lone CR", "data: a\r\rdata: b\r\r", []string{"a", "b"}},
	{"lone CR, then a line", "data: a\rdata: b\n\n", []string{"a\nb"}},
	{"mixed line ends", "data: a\r\n\ndata: b\r\r\n", []string{"a", "b"}},
	{"CRLF data lines join", "data: a\r\ndata: b\r\n\r\n", []string{"a\nb"}},
	{"comment ignored", ": ping\ndata: a\n\n", []string{"a"}},
	{"comment-only event dispatches nothing", ": ping\n\ndata: a\n\n", []string{"a"}},
	{"other fields ignored", "event: delta\nid: 3\nretry: 10\ndata: a\n\n", []string{"a"}},
	{"blank lines before events", "\n\n\ndata: a\n\n", []string{"a"}},
	{"a colon in the value stays", "data: {\"a\":1}\n\n", []string{`{"a":1}`}},
	{"an unfinished event is dropped", "data: a\n\ndata: b\n", []string{"a"}},
	{"an unfinished line is dropped", "data: a\n\ndata: b", []string{"a"}},
	{"empty input", "", nil},
}

// readEvents reads every event's data from r.
func readEvents(t *testing.T, r io.Reader) []string {
	t.Helper()
	events := newEventReader(r)
	var got []string
	for events.Next() {
		got = append(got, events.Data())
	}
	if err := events.Err(); err != nil {
		t.Fatalf("Err() = %v, want nil at the end of the input", err)
	}
	return got
}

func TestEventReader(t *testing.T) {
	for _, tt := range eventTests {
		t.Run(tt.name, func(t *testing.T) {
			if got := readEvents(t, strings.NewReader(tt.in)); !slices.Equal(got, tt.want) {
				t.Errorf("events(%q) = %q, want %q", tt.in, got, tt.want)
			}
		})
	}
}

// TestEventReaderInPieces feeds each stream a byte at a time and split at
// every offset: a network delivers bytes in whatever pieces it likes, and a
// "\r\n" split between two reads must still be one line end.
func TestEventReaderInPieces(t *testing.T) {
	for _, tt := range eventTests {
		if got := readEvents(t, iotest.OneByteReader(strings.NewReader(tt.in))); !slices.Equal(got, tt.want) {
			t.Errorf("byte by byte, events(%q) = %q, want %q", tt.in, got, tt.want)
		}
		for i := range len(tt.in) {
			r := io.MultiReader(strings.NewReader(tt.in[:i]), strings.NewReader(tt.in[i:]))
			if got := readEvents(t, iotest.HalfReader(r)); !slices.Equal(got, tt.want) {
				t.Errorf("split at %d, events(%q) = %q, want %q", i, tt.in, got, tt.want)
			}
		}
	}
}

func TestEventReaderLongLine(t *testing.T) {
	long := strings.Repeat("x", 1<<20)
	if got := readEvents(t, strings.NewReader("data: "+long+"\n\n")); len(got) != 1 || got[0] != long {
		t.Errorf("a 1 MiB data line did not come through whole")
	}
	events := newEventReader(strings.NewReader("data: " + strings.Repeat("x", maxEvent+1) + "\n\n"))
	if events.Next() || events.Err() != ErrEventTooLong {
		t.Errorf("a line over maxEvent: Err() = %v, want ErrEventTooLong", events.Err())
	}
	// Two lines whose data, with the "\n" that joins them, is maxEvent
	// bytes: the most an event may hold, and not too long.
	half := strings.Repeat("y", maxEvent/2)
	full := half + "\n" + half[1:]
	if got := readEvents(t, strings.NewReader("data: "+half+"\ndata: "+half[1:]+"\n\n")); len(got) != 1 || got[0] != full {
		t.Errorf("an event of exactly maxEvent bytes did not come through whole (see day02's exercise 1)")
	}
}

// TestEventReaderEndlessEvent reads from a server that sends data lines
// for ever and never the blank line that ends an event: the reader stops
// with ErrEventTooLong soon after maxEvent bytes, having read little more.
func TestEventReaderEndlessEvent(t *testing.T) {
	for _, line := range []string{"data: " + strings.Repeat("x", 100) + "\n", "data:" + strings.Repeat("y", 60) + "\r\n"} {
		endless := &endlessLines{line: line}
		events := newEventReader(endless)
		if events.Next() || events.Err() != ErrEventTooLong {
			t.Errorf("endless %q lines: Next went on, or Err() = %v; want ErrEventTooLong (see day02's exercise 1)", line, events.Err())
		}
		// The scanner reads ahead by at most its buffer, so the reader
		// stops well before twice the bound.
		if limit := 2 * int64(maxEvent); endless.read > limit {
			t.Errorf("endless %q lines: read %d bytes before giving up, want at most %d: the whole event must be bounded (see day02's exercise 1)",
				line, endless.read, limit)
		}
	}
}

// endlessLines is a reader that repeats line, and counts the bytes read
// from it. It is endless to a reader that keeps its bound: only after
// twice maxEvent, more than such a reader takes, does it end, so that a
// reader without one fails the test rather than hang it.
type endlessLines struct {
	line string
	read int64
}

func (r *endlessLines) Read(p []byte) (int, error) {
	if r.read > 2*maxEvent {
		return 0, io.EOF
	}
	n := 0
	for n+len(r.line) <= len(p) {
		n += copy(p[n:], r.line)
	}
	if n == 0 {
		n = copy(p, r.line) // a buffer smaller than a line gets its start
	}
	r.read += int64(n)
	return n, nil
}

// TestSplitLine feeds the split function the pieces a network might
// deliver, in order, and checks what each call gives.
func TestSplitLine(t *testing.T) {
	type call struct {
		data    string
		atEOF   bool
		advance int
		line    string // "" with a line that is blank; see noLine
		noLine  bool   // the call hands over no line at all: a nil token
	}
	tests := []struct {
		name  string
		calls []call
	}{
		{"LF", []call{{"a\nb", false, 2, "a", false}}},
		{"CRLF", []call{{"a\r\nb", false, 3, "a", false}}},
		{"CRLF at the end of a read", []call{{"a\r\n", false, 3, "a", false}}},
		{"lone CR", []call{{"a\rb", false, 2, "a", false}, {"b\r", false, 2, "b", false}}},
		{"CR at the end of a read ends the line at once", []call{{"a\r", false, 2, "a", false}}},
		{"the LF of a split CRLF is skipped", []call{{"a\r", false, 2, "a", false}, {"\nb\n", false, 1, "", true}, {"b\n", false, 2, "b", false}}},
		{"a blank line after a lone CR", []call{{"a\r", false, 2, "a", false}, {"\r", false, 1, "", false}}},
		{"any byte after a CR clears it", []call{{"a\r", false, 2, "a", false}, {"b", false, 0, "", true}, {"b\n", false, 2, "b", false}, {"\n", false, 1, "", false}}},
		{"nothing left at EOF", []call{{"", true, 0, "", true}}},
		{"no line end yet", []call{{"abc", false, 0, "", true}}},
		{"the last line at EOF", []call{{"abc", true, 3, "abc", false}}},
		{"a last line of one byte", []call{{"a", true, 1, "a", false}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var e eventReader
			for _, c := range tt.calls {
				advance, line, err := e.splitLine([]byte(c.data), c.atEOF)
				if advance != c.advance || string(line) != c.line || (line == nil) != c.noLine || err != nil {
					t.Errorf("splitLine(%q, %v) = %d, %q (nil: %v), %v; want %d, %q (nil: %v), nil (see day02's exercise 1)",
						c.data, c.atEOF, advance, line, line == nil, err, c.advance, c.line, c.noLine)
				}
			}
		})
	}
}
