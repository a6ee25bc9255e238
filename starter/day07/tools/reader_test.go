package tools

import (
	"io"
	"strings"
	"testing"
	"testing/iotest"
)

func TestLineCutter(t *testing.T) {
	tests := []struct {
		name, in string
		max      int
		want     string
	}{
		{"short lines pass", "ab\ncd\n", 5, "ab\ncd\n"},
		{"a long line is cut, its line end kept", "abcdefgh\nxy\n", 4, "abcd\nxy\n"},
		{"a line of exactly max bytes, line end included", "abc\nabcd\n", 4, "abc\nabcd\n"},
		{"a long last line without a line end", "ab\nabcdefgh", 4, "ab\nabcd"},
		{"empty lines stay", "\n\n\n", 2, "\n\n\n"},
		{"CRLF", "abcdef\r\nab\r\n", 3, "abc\nab\r\n"},
		{"nothing", "", 3, ""},
		{"max 0 keeps only line ends", "abc\nd\n", 0, "\n\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			readers := map[string]io.Reader{
				"whole":          strings.NewReader(tt.in),
				"byte by byte":   iotest.OneByteReader(strings.NewReader(tt.in)),
				"half at a time": iotest.HalfReader(strings.NewReader(tt.in)),
				"EOF with data":  iotest.DataErrReader(strings.NewReader(tt.in)),
			}
			for how, r := range readers {
				got, err := io.ReadAll(&lineCutter{r: r, max: tt.max})
				if err != nil || string(got) != tt.want {
					t.Errorf("cutting %q to %d read %s = %q, %v; want %q", tt.in, tt.max, how, got, err, tt.want)
				}
			}
		})
	}
}

// TestLineCutterLongLines cuts lines far longer than any buffer that
// reads them, and checks that every line is still there.
func TestLineCutterLongLines(t *testing.T) {
	in := strings.Repeat(strings.Repeat("x", 300_000)+"\n", 5) + "end"
	got, err := io.ReadAll(&lineCutter{r: strings.NewReader(in), max: 1000})
	want := strings.Repeat(strings.Repeat("x", 1000)+"\n", 5) + "end"
	if err != nil || string(got) != want {
		t.Errorf("five lines of 300,000 bytes cut to 1000: %d bytes and %d lines, %v; want %d bytes and %d lines",
			len(got), strings.Count(string(got), "\n"), err, len(want), 5)
	}
}
