package tools

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"regexp"
	"regexp/syntax"
	"strings"
)

// Search finds the lines of text files that match a regular expression.
type Search struct{ ws *Workspace }

// The limits of one search. A file of any size is searched: it is read a
// line at a time, so it takes no more memory than one line.
const (
	maxHits        = 100       // hits shown; a model that needs more narrows the search
	maxSearchLine  = 128 << 10 // the bytes of a line that are searched; the rest of a longer line is skipped
	maxPatternSize = 1000      // instructions of the compiled pattern: the work done for each byte searched
	binarySniff    = 8000      // a NUL byte in this much of the start means a binary file
)

func (Search) Name() string { return "search" }

func (Search) Description() string {
	return "Search the text files under a path for lines matching a regular expression (Go's RE2 syntax). " +
		"Each hit is \"file:line: text\". Binary files and .git are skipped; " +
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

// searchArgs are search's arguments, as its schema describes them.
type searchArgs struct {
	Pattern string `json:"pattern"`
	Path    string `json:"path,omitempty"` // "": the whole workspace
}

func (Search) Args() any { return new(searchArgs) }

// errEnough stops a walk that has found more than it will show.
var errEnough = errors.New("enough hits")

func (t Search) Run(ctx context.Context, args json.RawMessage) (string, error) {
	var a searchArgs
	if err := decodeArgs(args, &a); err != nil {
		return "", err
	}
	if a.Path == "" {
		a.Path = "."
	}
	re, err := compilePattern(a.Pattern)
	if err != nil {
		return "", err
	}
	rel, err := t.ws.Resolve(a.Path)
	if err != nil {
		return "", err
	}
	info, err := lookAt(t.ws, rel, a.Path)
	switch {
	case err != nil:
		return "", err
	case !info.IsDir() && !info.Mode().IsRegular():
		return "", notA("a directory or a regular file", a.Path, info.Mode())
	}
	var s searched
	tooDeep, err := walkFiles(ctx, t.ws.FS(), rel, func(name string, _ fs.DirEntry) error {
		return s.file(ctx, t.ws.FS(), name, re)
	})
	if err != nil && !errors.Is(err, errEnough) {
		return "", fmt.Errorf("search %s: %w", a.Path, err)
	}
	return s.report(err != nil) + tooDeepNote(tooDeep), nil
}

// searched is what a search has found so far, and what it could not read.
type searched struct {
	hits      []string
	binary    int   // files skipped as binary
	unread    int   // files that could not be read to their end
	unreadWhy error // why the first of them could not
}

// file searches the file name. It returns errEnough once there are more
// hits than a search shows, and ctx's error once ctx is done: either ends
// the walk.
func (s *searched) file(ctx context.Context, fsys fs.FS, name string, re *regexp.Regexp) error {
	hits, isBinary, err := searchText(ctx, fsys, name, re, s.hits)
	s.hits = hits
	switch {
	case ctx.Err() != nil:
		return ctx.Err()
	case isBinary:
		s.binary++
	case err != nil:
		if s.unread++; s.unreadWhy == nil {
			s.unreadWhy = err
		}
	}
	if len(s.hits) > maxHits {
		return errEnough
	}
	return nil
}

// report writes the hits, one a line, and notes on what was left out.
// stopped says the walk ended at errEnough, so how many more hits there
// are is unknown.
func (s *searched) report(stopped bool) string {
	out := listPaths(s.hits[:min(len(s.hits), maxHits)], 0, "")
	if stopped {
		out += fmt.Sprintf("(stopped after %d hits; narrow the pattern or the path)\n", maxHits)
	}
	if s.binary > 0 {
		out += fmt.Sprintf("(binary files skipped: %d)\n", s.binary)
	}
	if s.unread > 0 {
		out += fmt.Sprintf("(files that could not be read to their end: %d; the first: %v)\n", s.unread, s.unreadWhy)
	}
	return out
}

// compilePattern compiles a search pattern. Go's regular expressions
// take time linear in the text, but the factor is the size of the
// compiled pattern: each byte of text can step every instruction, and
// \w{1000} has a thousand. A bigger pattern than maxPatternSize is
// refused, so that one line of maxSearchLine bytes takes about a second
// at worst, and Ctrl-C, which stops a search between lines, is heard.
func compilePattern(pattern string) (*regexp.Regexp, error) {
	if len(pattern) > maxPathLen {
		return nil, fmt.Errorf("the pattern is %d bytes long; a pattern can be at most %d", len(pattern), maxPathLen)
	}
	parsed, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil, fmt.Errorf("bad pattern: %w", err)
	}
	prog, err := syntax.Compile(parsed.Simplify())
	if err != nil {
		return nil, fmt.Errorf("bad pattern: %w", err)
	}
	if len(prog.Inst) > maxPatternSize {
		return nil, fmt.Errorf("the pattern is too big: it compiles to %d instructions, and search takes at most %d; a simpler one finds the lines sooner",
			len(prog.Inst), maxPatternSize)
	}
	return regexp.Compile(pattern)
}

// searchText adds the hits of the file name to hits. It reports true,
// having searched nothing, for a binary file, and returns the error that
// kept it from reading the file to its end: from opening it (no longer a
// regular file), from reading it, or ctx's.
func searchText(ctx context.Context, fsys fs.FS, name string, re *regexp.Regexp, hits []string) ([]string, bool, error) {
	f, err := openRegular(fsys, name, name)
	if err != nil {
		return hits, false, err
	}
	defer f.Close()
	// One buffer for the whole file: searchFile's bufio.NewReader takes it as it is.
	text := bufio.NewReaderSize(&lineCutter{r: ctxReader{ctx, f}, max: maxSearchLine}, binarySniff)
	if start, _ := text.Peek(binarySniff); bytes.IndexByte(start, 0) >= 0 {
		return hits, true, nil
	}
	hits, err = searchFile(name, text, re, hits)
	if err != nil {
		err = fmt.Errorf("%s: %w", name, err)
	}
	return hits, false, err
}

// searchFile adds to hits a line "name:N: text" for each line of r that
// re matches, N counting from 1, and returns the hits. It reads r a line
// at a time, so a big file takes no more memory than its longest line,
// and it stops once hits holds more than maxHits: the search shows no
// more. A read error comes back with the hits found before it.
//
//lab:exercise 4 Append "name:N: text" for each line of r that re matches: N from 1, text without its "\n" or "\r\n"; a last line without "\n" counts, and so does a line of any length. Stop past maxHits; return a read error.
func searchFile(name string, r io.Reader, re *regexp.Regexp, hits []string) ([]string, error) {
	lines := bufio.NewReader(r)
	n := 0
	for len(hits) <= maxHits {
		line, err := lines.ReadString('\n')
		if line != "" {
			n++
			line = strings.TrimRight(line, "\r\n")
			if re.MatchString(line) {
				hits = append(hits, fmt.Sprintf("%s:%d: %s", name, n, shortLine(line)))
			}
		}
		if err == io.EOF {
			return hits, nil
		}
		if err != nil {
			return hits, err
		}
	}
	return hits, nil
}
