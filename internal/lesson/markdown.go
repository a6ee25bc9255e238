package lesson

import (
	"errors"
	"fmt"
	"regexp"
	"strings"

	"ply/internal/lab"
)

// A Doc is a markdown file of the course, read for its markers.
type Doc struct {
	Path   string   // the file, as it was named
	Lines  []string // its lines
	Blocks []Block  // its fenced code blocks, in order
	Greens []Green  // its green markers, in order
}

// A Block is a fenced code block, with the marker right before it.
type Block struct {
	Line   int    // the line of its marker, or of its fence when it has none; 1-based
	Marker string // the marker, such as "<!-- quote llm/mock.go reply -->"; "" for none
	Text   string // the content, without the fences
	open   int    // the index in Lines of the opening fence
	close  int    // the index in Lines of the closing fence
}

// markerWords are the first words of the comments that are markers.
var markerWords = []string{"quote", "output", "green"}

// Parse reads md, the markdown file at path. Each marker that is
// malformed, or lacks the code block it needs, is an error of its own, a
// *lab.PosError naming the marker's line.
func Parse(path, md string) (*Doc, []error) {
	d := &Doc{Path: path, Lines: strings.Split(md, "\n")}
	var errs []error
	fail := func(i int, err error) { errs = append(errs, &lab.PosError{File: path, Line: i + 1, Err: err}) }
	marker, markerAt := "", -1 // a marker that waits for its block
	for i := 0; i < len(d.Lines); i++ {
		line := d.Lines[i]
		if f := fence(line); f != "" {
			end := blockEnd(d.Lines, i, f)
			if end == len(d.Lines) && marker != "" {
				fail(markerAt, ErrUnclosed)
				break
			}
			b := Block{Line: i + 1, Text: strings.Join(d.Lines[i+1:min(end, len(d.Lines))], "\n"), open: i, close: end}
			if marker != "" {
				b.Line, b.Marker = markerAt+1, marker
			}
			d.Blocks = append(d.Blocks, b)
			marker, i = "", end
			continue
		}
		if marker != "" {
			fail(markerAt, ErrNoBlock)
			marker = ""
		}
		word, ok := markerWord(line)
		if !ok {
			continue
		}
		text := strings.TrimSpace(line)
		switch {
		case !strings.HasSuffix(text, "-->"):
			fail(i, ErrMalformed)
		case word == "green":
			g, err := parseGreen(text)
			if err != nil {
				fail(i, err)
				continue
			}
			g.Line = i + 1
			d.Greens = append(d.Greens, g)
		case word == "quote" && !quoteMarker.MatchString(text), word == "output" && !outputMarker.MatchString(text):
			fail(i, ErrMalformed)
		default:
			marker, markerAt = text, i
		}
	}
	if marker != "" {
		fail(markerAt, ErrNoBlock)
	}
	return d, errs
}

// markerWord returns the first word of line when line opens a comment
// whose first word is a marker's.
func markerWord(line string) (string, bool) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(line), "<!--")
	words := strings.Fields(rest)
	if !ok || len(words) == 0 {
		return "", false
	}
	for _, w := range markerWords {
		if words[0] == w || strings.HasPrefix(words[0], w+":") {
			return w, true
		}
	}
	return "", false
}

// Rewrite returns the markdown of d with the text of each block that
// replace gives new text for; replace returns false to keep a block.
func (d *Doc) Rewrite(replace func(Block) (string, bool)) string {
	var out []string
	done := 0 // d.Lines[:done] are in out
	for _, b := range d.Blocks {
		text, ok := replace(b)
		if !ok || b.close >= len(d.Lines) {
			continue
		}
		out = append(out, d.Lines[done:b.open+1]...)
		if text = strings.TrimRight(text, "\n"); text != "" {
			out = append(out, strings.Split(text, "\n")...)
		}
		done = b.close
	}
	out = append(out, d.Lines[done:]...)
	return strings.Join(out, "\n")
}

// fence returns the fence that opens a fenced code block on line, such as
// "```" or "~~~~", or "" when line opens none. A fence is three or more
// backticks or tildes, indented by at most three spaces.
func fence(line string) string {
	text := strings.TrimLeft(line, " ")
	if len(line)-len(text) > 3 {
		return ""
	}
	for _, mark := range []string{"`", "~"} {
		n := len(text) - len(strings.TrimLeft(text, mark))
		if n >= 3 {
			return text[:n]
		}
	}
	return ""
}

// blockEnd returns the index of the line that closes the code block opened
// by fence at lines[open], or len(lines) when nothing closes it. A block
// closes at a line of the same mark, at least as long as the fence.
func blockEnd(lines []string, open int, fence string) int {
	for i := open + 1; i < len(lines); i++ {
		text := strings.TrimSpace(lines[i])
		if strings.HasPrefix(text, fence) && strings.Trim(text, fence[:1]) == "" {
			return i
		}
	}
	return len(lines)
}

// prose calls f with each line of d outside its code blocks and markers,
// and its index.
func (d *Doc) prose(f func(i int, line string)) {
	next := 0 // the next block
	for i := 0; i < len(d.Lines); i++ {
		if next < len(d.Blocks) && i == d.Blocks[next].open {
			i = d.Blocks[next].close
			next++
			continue
		}
		if _, ok := markerWord(d.Lines[i]); !ok {
			f(i, d.Lines[i])
		}
	}
}

// join returns errs as one error, one per line; nil when there are none.
func join(errs []error) error {
	return errors.Join(errs...)
}

// posError returns a *lab.PosError at line of d.
func (d *Doc) posError(line int, format string, args ...any) error {
	return &lab.PosError{File: d.Path, Line: line, Err: fmt.Errorf(format, args...)}
}

// outputMarker matches an output's marker.
var outputMarker = regexp.MustCompile(`^<!--\s*output\s+selfcheck\s+(starter|reference|wrong/[A-Za-z0-9_.-]+\.go)\s*-->$`)
