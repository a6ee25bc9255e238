package ui

import (
	"bufio"
	"errors"
	"io"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"
)

func TestReadLine(t *testing.T) {
	long := strings.Repeat("x", maxLine)
	tests := []struct {
		name, in string
		want     []string // the lines, with "!" for errLineTooLong
	}{
		{"lines", "a\nb\n", []string{"a", "b"}},
		{"the last line has no line end", "a\nb", []string{"a", "b"}},
		{"CRLF", "a\r\nb\r\n", []string{"a", "b"}},
		{"blank lines", "\n\n", []string{"", ""}},
		{"nothing", "", nil},
		{"a line of maxLine bytes", long + "\nb\n", []string{long, "b"}},
		{"one byte more is refused, and reading goes on", long + "y\nb\n", []string{"!", "b"}},
		{"a long last line with no line end", "a\n" + long + "y", []string{"a", "!"}},
		{"a far longer line", strings.Repeat("z", 5*maxLine) + "\nb\n", []string{"!", "b"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, r := range []io.Reader{strings.NewReader(tt.in), iotest.HalfReader(strings.NewReader(tt.in))} {
				got := readAll(t, bufio.NewReader(r))
				if strings.Join(got, "|") != strings.Join(tt.want, "|") {
					t.Errorf("lines of %.20q… = %.60q, want %.60q", tt.in, got, tt.want)
				}
			}
		})
	}
}

// readAll reads lines until io.EOF, with "!" for a line too long.
func readAll(t *testing.T, r *bufio.Reader) []string {
	t.Helper()
	var lines []string
	for {
		line, err := readLine(r)
		switch {
		case errors.Is(err, io.EOF):
			return lines
		case errors.Is(err, errLineTooLong):
			line = "!"
		case err != nil:
			t.Fatalf("readLine: %v", err)
		}
		lines = append(lines, line)
	}
}

// TestReadLineBoundedMemory reads a line of 64 MiB, which a person would
// never type: what readLine allocates stays near maxLine, not the line's
// length.
func TestReadLineBoundedMemory(t *testing.T) {
	huge := io.MultiReader(io.LimitReader(repeatByte('x'), 64<<20), strings.NewReader("\nnext\n"))
	r := bufio.NewReader(huge)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := readLine(r)
	runtime.ReadMemStats(&after)
	if !errors.Is(err, errLineTooLong) {
		t.Fatalf("readLine of a 64 MiB line: error %v, want errLineTooLong", err)
	}
	if allocated := after.TotalAlloc - before.TotalAlloc; allocated > 8*maxLine {
		t.Errorf("reading a 64 MiB line allocated %d bytes, want at most %d: the line must not be kept", allocated, 8*maxLine)
	}
	if line, err := readLine(r); line != "next" || err != nil {
		t.Errorf("after the long line, readLine = %q, %v; want \"next\"", line, err)
	}
}

// repeatByte is an endless reader of one byte.
type repeatByte byte

func (b repeatByte) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = byte(b)
	}
	return len(p), nil
}
