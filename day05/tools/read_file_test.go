package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"
)

// tail returns the last n bytes of s, or all of it, for failure messages.
func tail(s string, n int) string {
	return s[max(0, len(s)-n):]
}

// call runs tool with args given as a Go value, as the registry would.
func call(t testing.TB, tool Tool, args any) (string, error) {
	t.Helper()
	data, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	return tool.Run(context.Background(), data)
}

func TestReadFile(t *testing.T) {
	var long strings.Builder
	for i := 1; i <= 1000; i++ {
		fmt.Fprintf(&long, "row %d\n", i)
	}
	ws := tree(t, map[string]string{
		"a.txt":      "one\ntwo\nthree",
		"crlf.txt":   "one\r\ntwo\r\n",
		"empty.txt":  "",
		"long.txt":   long.String(),
		"wide.txt":   strings.Repeat("w", 1500) + "\n",
		"bin.dat":    "\x7fELF\x00\x01",
		"dir/x.txt":  "x\n",
		"../out.txt": "",
	})
	tests := []struct {
		name string
		args map[string]any
		want string // the whole output, or the error
	}{
		{"numbered", map[string]any{"path": "a.txt"}, "     1\tone\n     2\ttwo\n     3\tthree\n"},
		{"CRLF", map[string]any{"path": "crlf.txt"}, "     1\tone\n     2\ttwo\n"},
		{"empty", map[string]any{"path": "empty.txt"}, "(the file is empty)"},
		{"offset and limit", map[string]any{"path": "long.txt", "offset": 10, "limit": 2},
			"    10\trow 10\n    11\trow 11\n(lines 10-11 of 1000; read on with offset=12)\n"},
		{"past the end", map[string]any{"path": "a.txt", "offset": 9}, "a.txt has 3 lines; offset 9 is past its end"},
		{"the largest offset", map[string]any{"path": "a.txt", "offset": math.MaxInt}, fmt.Sprintf("a.txt has 3 lines; offset %d is past its end", math.MaxInt)},
		{"the largest limit", map[string]any{"path": "a.txt", "offset": 2, "limit": math.MaxInt}, "     2\ttwo\n     3\tthree\n"},
		{"a negative offset and limit", map[string]any{"path": "a.txt", "offset": math.MinInt, "limit": -1}, "     1\tone\n     2\ttwo\n     3\tthree\n"},
		{"a limit past the most shown", map[string]any{"path": "long.txt", "offset": 999, "limit": math.MaxInt}, "   999\trow 999\n  1000\trow 1000\n"},
		{"missing", map[string]any{"path": "nope.txt"}, "nope.txt does not exist; list_dir or find shows what does"},
		{"directory", map[string]any{"path": "dir"}, "dir is a directory; list it with list_dir"},
		{"binary", map[string]any{"path": "bin.dat"}, "bin.dat is a binary file"},
		{"no path", map[string]any{}, "path is required"},
		{"outside (needs day03's exercise 2)", map[string]any{"path": "../out.txt"}, "../out.txt: it is outside the workspace (" + ws.Dir() + ")"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := call(t, ReadFile{ws}, tt.args)
			if err != nil {
				got = err.Error()
			}
			if got != tt.want {
				t.Errorf("read_file %v =\n%q\nwant\n%q", tt.args, got, tt.want)
			}
		})
	}
}

func TestReadFileDefaults(t *testing.T) {
	var long strings.Builder
	for i := 1; i <= 1000; i++ {
		fmt.Fprintf(&long, "row %d\n", i)
	}
	ws := tree(t, map[string]string{"long.txt": long.String(), "wide.txt": strings.Repeat("w", 1500)})
	got, _ := call(t, ReadFile{ws}, map[string]any{"path": "long.txt"})
	if n := strings.Count(got, "\trow "); n != maxReadLines || !strings.HasSuffix(got, fmt.Sprintf("read on with offset=%d)\n", maxReadLines+1)) {
		t.Errorf("with no limit, %d lines shown and the end is %q; want %d and a note to read on", n, tail(got, 40), maxReadLines)
	}
	got, _ = call(t, ReadFile{ws}, map[string]any{"path": "wide.txt"})
	if !strings.HasSuffix(got, "… (500 more characters)\n") {
		t.Errorf("a 1500-character line ends %q, want it cut with a note", tail(got, 30))
	}
}

func TestReadFileShowsAtMostMaxReadLines(t *testing.T) {
	var long strings.Builder
	for i := 1; i <= 1000; i++ {
		fmt.Fprintf(&long, "row %d\n", i)
	}
	ws := tree(t, map[string]string{"long.txt": long.String()})
	got, _ := call(t, ReadFile{ws}, map[string]any{"path": "long.txt", "limit": 5000})
	if n := strings.Count(got, "\trow "); n != maxReadLines || !strings.HasSuffix(got, "(lines 1-400 of 1000; read on with offset=401)\n") {
		t.Errorf("with limit 5000, %d lines shown and the end is %q; want %d and a note to read on", n, tail(got, 50), maxReadLines)
	}
}

func TestReadFileTooBig(t *testing.T) {
	ws := tree(t, map[string]string{"big.log": strings.Repeat("x", maxReadSize+1)})
	_, err := call(t, ReadFile{ws}, map[string]any{"path": "big.log"})
	if err == nil || err.Error() != "big.log is 10 MiB, more than read_file reads; search it instead" {
		t.Errorf("read_file of a file over %d bytes: error %v, want one that says to search it", maxReadSize, err)
	}
}

func TestReadFileAbsoluteInside(t *testing.T) {
	ws := tree(t, map[string]string{"a.txt": "one\n"})
	got, err := call(t, ReadFile{ws}, map[string]any{"path": filepath.Join(ws.Dir(), "a.txt")})
	if err != nil || got != "     1\tone\n" {
		t.Errorf("an absolute path inside: %q, %v", got, err)
	}
}
