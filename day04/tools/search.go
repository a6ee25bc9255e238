package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"strings"
)

// Search finds the lines of text files that match a regular expression.
type Search struct{ ws *Workspace }

// The limits of one search.
const (
	maxHits       = 100     // hits shown; a model that needs more narrows the search
	maxSearchSize = 1 << 20 // bigger files are skipped: logs and data, not code
	binarySniff   = 8000    // a NUL byte in this much of the start means a binary file
)

func (Search) Name() string   { return "search" }
func (Search) ReadOnly() bool { return true }

func (Search) Description() string {
	return "Search the text files under a path for lines matching a regular expression (Go's RE2 syntax). " +
		"Each hit is \"file:line: text\". Binary files, files over 1 MiB and .git are skipped; " +
		fmt.Sprintf("at most %d hits are shown.", maxHits)
}

func (Search) Schema() json.RawMessage {
	return json.RawMessage(`{
	"type": "object",
	"properties": {
		"pattern": {"type": "string", "description": "a regular expression, such as func \\w+\\("},
		"path": {"type": "string", "description": "a directory or file to search, relative to the workspace; \".\" when left out"}
	},
	"required": ["pattern"]
}`)
}

// errEnough stops a walk that has found more than it will show.
var errEnough = errors.New("enough hits")

func (t Search) Run(ctx context.Context, args json.RawMessage) (string, error) {
	var a struct {
		Pattern string `json:"pattern"`
		Path    string `json:"path"`
	}
	if err := decodeArgs(args, &a); err != nil {
		return "", err
	}
	if a.Path == "" {
		a.Path = "."
	}
	re, err := regexp.Compile(a.Pattern)
	if err != nil {
		return "", fmt.Errorf("bad pattern: %w", err)
	}
	// The same pattern with ^ and $ at every line end tells, in one pass
	// over a whole file, whether any line can match. Most files have no
	// match, and they are then never split into lines.
	anyLine, err := regexp.Compile("(?m)" + a.Pattern)
	if err != nil {
		return "", fmt.Errorf("bad pattern: %w", err)
	}
	rel, err := t.ws.Resolve(a.Path)
	if err != nil {
		return "", err
	}
	var hits []string
	skipped := 0
	err = walkFiles(ctx, t.ws.FS(), rel, func(name string, e fs.DirEntry) error {
		data, ok := readText(t.ws.FS(), name, e)
		if !ok {
			skipped++
			return nil
		}
		// A CRLF file defeats the one-pass test ($ sits before "\n", not "\r").
		if anyLine.Match(data) || bytes.Contains(data, []byte("\r\n")) {
			hits = searchFile(name, data, re, hits)
		}
		if len(hits) > maxHits {
			return errEnough
		}
		return nil
	})
	if err != nil && !errors.Is(err, errEnough) {
		return "", fmt.Errorf("search %s: %w", a.Path, err)
	}
	out := listPaths(hits[:min(len(hits), maxHits)], maxHits, "")
	if err != nil {
		// The walk stopped early, so how many more there are is unknown.
		out += fmt.Sprintf("(stopped after %d hits; narrow the pattern or the path)\n", maxHits)
	}
	if skipped > 0 {
		out += fmt.Sprintf("(%d binary or large files were not searched)\n", skipped)
	}
	return out, nil
}

// readText reads a file to search, and reports false for one to skip:
// too big, binary, or unreadable.
func readText(fsys fs.FS, name string, e fs.DirEntry) ([]byte, bool) {
	info, err := e.Info()
	if err != nil || info.Size() > maxSearchSize {
		return nil, false
	}
	data, err := fs.ReadFile(fsys, name)
	if err != nil || bytes.IndexByte(data[:min(len(data), binarySniff)], 0) >= 0 {
		return nil, false
	}
	return data, true
}

// searchFile adds to hits a line "name:N: text" for each line of data that
// re matches, N counting from 1, and returns the hits.
func searchFile(name string, data []byte, re *regexp.Regexp, hits []string) []string {
	n := 0
	for line := range strings.Lines(string(data)) {
		n++
		line = strings.TrimRight(line, "\r\n")
		if re.MatchString(line) {
			hits = append(hits, fmt.Sprintf("%s:%d: %s", name, n, shortLine(line)))
		}
	}
	return hits
}
