package lesson

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"ply/internal/lab"
)

// Check checks every quote of the markdown file lesson against the code in
// codeDir, the folder its quotes' files are relative to, the numbers
// that go run ply/cmd/lab writes (the lengths of its reading map, and the
// lines it cites: see citation), and, for a day's lesson or key, the
// names of code in its prose (see NameProblems). It returns nil when all of them match,
// and otherwise an error listing, one per line, each that is wrong as a
// *lab.PosError:
//
//	day01/README.md:40: quote of llm/mock.go reply differs from the code at its line 3:
//		got  "\tfor _, r := range rules {" (day01/README.md:43)
//		want "\tfor _, r := range script {" (day01/llm/mock.go:61)
//
// A lesson that cannot be read is an error of its own, which wraps the
// reason (fs.ErrNotExist when there is no lesson yet).
func Check(lesson, codeDir string) error {
	md, err := os.ReadFile(lesson)
	if err != nil {
		return err
	}
	doc, errs := Parse(lesson, string(md))
	for _, q := range doc.Quotes() {
		code, line, err := Source(codeDir, q)
		if err == nil {
			err = compare(q, lesson, code, codeDir, line)
		}
		if err != nil {
			errs = append(errs, &lab.PosError{File: lesson, Line: q.Line, Err: err})
		}
	}
	errs = append(errs, doc.mapErrors(codeDir)...)
	errs = append(errs, doc.positionErrors(codeDir)...)
	if isDay(filepath.Base(filepath.Clean(codeDir))) {
		days, err := lab.Days(filepath.Dir(filepath.Clean(codeDir)))
		if err != nil {
			return err
		}
		errs = append(errs, doc.nameErrors(codeDir, days)...)
	}
	return join(sortByLine(errs))
}

// A Rewrite is one place of a markdown file that Update wrote anew from
// the code, with what it held before, so that a hand edit it undid is
// named, never lost in silence.
type Rewrite struct {
	Line     int    // the line of the quote's marker, or of the number, in the file as written
	What     string // "quote of llm/mock.go reply", "reading map", or the cited line, "capture_test.go:52"
	Old, New string // the block's text or the number, before and after
}

// Update rewrites from the code in codeDir every quote of the markdown
// file lesson, the lengths of its reading map and the lines it cites, and
// returns each place it changed. A quote whose code cannot be found, or a
// cited line that cannot be worked out, is an error, and then the file is
// left as it is.
func Update(lesson, codeDir string) ([]Rewrite, error) {
	md, err := os.ReadFile(lesson)
	if err != nil {
		return nil, err
	}
	doc, errs := Parse(lesson, string(md))
	var rewrites []Rewrite
	shift := 0 // how many lines the blocks rewritten so far added
	updated := doc.Rewrite(func(b Block) (string, bool) {
		m := quoteMarker.FindStringSubmatch(b.Marker)
		if m == nil {
			return "", false
		}
		q := Quote{Line: b.Line, File: m[1], Name: m[2]}
		code, _, err := Source(codeDir, q)
		if err != nil {
			errs = append(errs, &lab.PosError{File: lesson, Line: b.Line, Err: err})
			return "", false
		}
		old, code := strings.TrimRight(b.Text, "\n"), strings.TrimRight(code, "\n")
		if old != code {
			rewrites = append(rewrites, Rewrite{Line: b.Line + shift, What: "quote of " + q.String(), Old: old, New: code})
			shift += strings.Count(code, "\n") - strings.Count(old, "\n")
		}
		return code, true
	})
	if len(errs) > 0 {
		return nil, join(sortByLine(errs))
	}
	doc, _ = Parse(lesson, updated)
	var edits []numberEdit
	for _, f := range doc.mapFixes(codeDir) {
		if f.err != nil {
			errs = append(errs, &lab.PosError{File: lesson, Line: f.index + 1, Err: f.err})
			continue
		}
		edits = append(edits, numberEdit{f.index, f.start, f.end, strconv.Itoa(f.want)})
		rewrites = append(rewrites, Rewrite{Line: f.index + 1, What: "reading map", Old: strconv.Itoa(f.said), New: strconv.Itoa(f.want)})
	}
	for _, f := range doc.lineFixes(codeDir) {
		if f.err != nil {
			errs = append(errs, &lab.PosError{File: lesson, Line: f.index + 1, Err: f.err})
			continue
		}
		edits = append(edits, numberEdit{f.index, f.start, f.end, strconv.Itoa(f.want)})
		rewrites = append(rewrites, Rewrite{Line: f.index + 1, What: f.citation.String(), Old: strconv.Itoa(f.number), New: strconv.Itoa(f.want)})
	}
	if len(errs) > 0 {
		return nil, join(sortByLine(errs))
	}
	updated = doc.withNumbers(edits)
	if updated == string(md) {
		return nil, nil
	}
	slices.SortStableFunc(rewrites, func(a, b Rewrite) int { return a.Line - b.Line })
	return rewrites, os.WriteFile(lesson, []byte(updated), 0o644)
}

// A numberEdit puts a number in place of the text at start:end of the
// line at index.
type numberEdit struct {
	index, start, end int
	text              string
}

// withNumbers returns the document's text with the edits made.
func (d *Doc) withNumbers(edits []numberEdit) string {
	lines := slices.Clone(d.Lines)
	// Right to left within a line, so that each edit's offsets still hold.
	slices.SortFunc(edits, func(a, b numberEdit) int {
		if a.index != b.index {
			return a.index - b.index
		}
		return b.start - a.start
	})
	for _, e := range edits {
		lines[e.index] = lines[e.index][:e.start] + e.text + lines[e.index][e.end:]
	}
	return strings.Join(lines, "\n")
}

// compare compares the text of q, a quote in lesson, with code, which
// starts at line codeLine of q.File in codeDir; nil means they are equal.
func compare(q Quote, lesson, code, codeDir string, codeLine int) error {
	got := strings.Split(strings.TrimRight(q.Text, "\n"), "\n")
	want := strings.Split(strings.TrimRight(code, "\n"), "\n")
	for i := 0; i < max(len(got), len(want)); i++ {
		g, w := lineOr(got, i, "(end of the quote)"), lineOr(want, i, "(end of the code)")
		if g == w {
			continue
		}
		codePath := path.Join(filepath.ToSlash(codeDir), q.File)
		return fmt.Errorf("quote of %s %w at its line %d (go run ply/cmd/lab rewrites it):\n\tgot  %s (%s:%d)\n\twant %s (%s:%d)",
			q, ErrDiffers, i+1, g, lesson, q.Line+2+i, w, codePath, codeLine+i)
	}
	return nil
}

// lineOr returns lines[i], quoted, or end when there is no such line.
func lineOr(lines []string, i int, end string) string {
	if i < len(lines) {
		return fmt.Sprintf("%q", lines[i])
	}
	return end
}
