package tools

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strings"
	"unicode/utf8"

	"ply/day03/llm"
)

// ReadFile shows the lines of a text file, numbered.
type ReadFile struct{ ws *Workspace }

// The limits of one read. A model that wants more reads on with offset.
const (
	maxReadLines = 400      // lines shown at most, and when the model gives no limit
	maxLineChars = 1000     // a longer line is cut: minified code says little per character
	maxReadSize  = 10 << 20 // a bigger file is data, not code; search finds what matters in it
)

func (ReadFile) Name() string { return "read_file" }

func (ReadFile) Description() string {
	return "Read a text file in the workspace. Lines come numbered, as in `cat -n`. " +
		fmt.Sprintf("At most %d lines are shown at a time; use offset and limit to read a long file in parts.", maxReadLines)
}

func (ReadFile) Schema() json.RawMessage {
	return json.RawMessage(`{
	"type": "object",
	"properties": {
		"path": {"type": "string", "description": "the file, relative to the workspace"},
		"offset": {"type": "integer", "description": "the first line to show, from 1"},
		"limit": {"type": "integer", "description": "how many lines to show"}
	},
	"required": ["path"]
}`)
}

// readFileArgs are read_file's arguments, as its schema describes them.
type readFileArgs struct {
	Path   string `json:"path"`
	Offset int    `json:"offset,omitempty"` // 0: from the first line
	Limit  int    `json:"limit,omitempty"`  // 0, or more than maxReadLines: maxReadLines
}

func (ReadFile) Args() any { return new(readFileArgs) }

func (t ReadFile) Run(ctx context.Context, args json.RawMessage) (string, error) {
	var a readFileArgs
	if err := decodeArgs(args, &a); err != nil {
		return "", err
	}
	if a.Path == "" {
		return "", errors.New("path is required")
	}
	first := max(a.Offset, 1)
	limit := a.Limit
	if limit <= 0 || limit > maxReadLines {
		limit = maxReadLines
	}
	f, err := openFile(t.ws, a.Path)
	if err != nil {
		return "", err
	}
	defer f.Close()
	// Through a limit: the file may have grown since its size was looked at.
	return numberLines(bufio.NewReader(io.LimitReader(f, maxReadSize)), a.Path, first, limit)
}

// openFile opens a regular file of the workspace for reading, with errors
// that say what the model can do about them. It looks at what path is
// before it opens it (see open.go).
func openFile(ws *Workspace, path string) (fs.File, error) {
	rel, err := ws.Resolve(path)
	if err != nil {
		return nil, err
	}
	info, err := lookAt(ws, rel, path)
	switch {
	case err != nil:
		return nil, err
	case info.IsDir():
		return nil, fmt.Errorf("%s is a directory; list it with list_dir", path)
	case !info.Mode().IsRegular():
		return nil, notA("a regular file", path, info.Mode())
	case info.Size() > maxReadSize:
		return nil, fmt.Errorf("%s is %d MiB, more than read_file reads; search it instead", path, info.Size()>>20)
	}
	return openRegular(ws.FS(), rel, path)
}

// numberLines shows limit lines of r from line first on, numbered, with a
// note at the end when the file goes on. first can be any number up to
// the largest int, so it is never added to: first+limit could wrap round.
func numberLines(r *bufio.Reader, path string, first, limit int) (string, error) {
	var out strings.Builder
	n := 0
	for {
		line, err := r.ReadString('\n')
		if line != "" {
			n++
			if strings.ContainsRune(line, 0) {
				return "", fmt.Errorf("%s is a binary file", path)
			}
			if n >= first && n-first < limit {
				fmt.Fprintf(&out, "%6d\t%s\n", n, shortLine(strings.TrimRight(line, "\r\n")))
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return "", fmt.Errorf("read %s: %w", path, err)
		}
	}
	switch {
	case n == 0:
		return "(the file is empty)", nil
	case first > n:
		return "", fmt.Errorf("%s has %s; offset %d is past its end", path, llm.Count(n, "line"), first)
	case n-first >= limit:
		fmt.Fprintf(&out, "(lines %d-%d of %d; read on with offset=%d)\n", first, first+limit-1, n, first+limit)
	}
	return out.String(), nil
}

// shortLine cuts a line longer than maxLineChars characters.
func shortLine(line string) string {
	n := utf8.RuneCountInString(line)
	if n <= maxLineChars {
		return line
	}
	end := 0
	for range maxLineChars {
		_, size := utf8.DecodeRuneInString(line[end:])
		end += size
	}
	return line[:end] + fmt.Sprintf("… (%d more characters)", n-maxLineChars)
}
