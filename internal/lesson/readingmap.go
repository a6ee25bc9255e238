package lesson

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"ply/internal/lab"
)

// MapHeading is the heading of a lesson's reading map: the files of the
// day's layer in the order to read them, each with its length in lines.
const MapHeading = "## Reading map"

// mapTop is how far down a lesson its reading map may start: near enough
// the top that a student sees it, with its link to the lab, on the first
// screen or two.
const mapTop = 40

// mapLink matches a markdown link to a file beside the lesson.
var mapLink = regexp.MustCompile(`\[[^\]]*\]\(([^)#: ]+)\)`)

// MapProblems checks the reading map of the lesson at path, whose links are
// relative to dir. The map must start within the first mapTop lines, link
// to the lab, and each of its table rows that links files and gives a
// number of lines must give exactly the lines the files hold together:
// go run ply/cmd/lab writes those numbers (see Update), so any other is
// a claim the code no longer makes, an error naming its line.
func MapProblems(path, dir string) []error {
	md, err := os.ReadFile(path)
	if err != nil {
		return []error{err}
	}
	doc, _ := Parse(path, string(md))
	start := doc.mapStart()
	if start < 0 {
		return []error{fmt.Errorf("%s has no %q section: a lesson opens with the files to read, in order, and a link to the lab", path, MapHeading)}
	}
	var errs []error
	if start >= mapTop {
		errs = append(errs, fmt.Errorf("%s:%d: the reading map starts at line %d; it belongs in the first %d lines", path, start+1, start+1, mapTop))
	}
	linksLab := false
	for i := start + 1; i < len(doc.Lines) && !strings.HasPrefix(doc.Lines[i], "## "); i++ {
		if strings.Contains(doc.Lines[i], "(#the-lab)") {
			linksLab = true
		}
	}
	if !linksLab {
		errs = append(errs, fmt.Errorf("%s:%d: the reading map does not link to the lab (#the-lab)", path, start+1))
	}
	return append(errs, doc.mapErrors(dir)...)
}

// mapStart returns the index of the line that opens the reading map, or
// -1 when the document has none.
func (d *Doc) mapStart() int {
	for i, line := range d.Lines {
		if strings.TrimSpace(line) == MapHeading {
			return i
		}
	}
	return -1
}

// A countFix is a length the reading map gives that the files it links no
// longer have, or a row whose files cannot be read.
type countFix struct {
	index      int // the index in Lines of the row
	start, end int // the offsets of the number in the row
	said, want int
	err        error
}

// mapFixes returns the rows of the document's reading map, if it has
// one, whose number of lines is not what the files they link hold
// together, read from dir.
func (d *Doc) mapFixes(dir string) []countFix {
	start := d.mapStart()
	if start < 0 {
		return nil
	}
	var fixes []countFix
	column := -1 // the column headed "lines", once a table's header names it
	for i := start + 1; i < len(d.Lines) && !strings.HasPrefix(d.Lines[i], "## "); i++ {
		if c := slices.IndexFunc(cells(d.Lines[i]), func(c cell) bool { return c.text == "lines" }); c >= 0 {
			column = c
			continue
		}
		if f, ok := mapRow(d.Lines[i], column, dir); ok {
			f.index = i
			fixes = append(fixes, f)
		}
	}
	return fixes
}

// A cell is one cell of a table row, trimmed, with its offset in the row.
type cell struct {
	text  string
	start int
}

// cells returns the cells of a table row; none when line is no row.
func cells(line string) []cell {
	offset := strings.Index(line, "|")
	if offset < 0 || strings.TrimSpace(line[:offset]) != "" {
		return nil
	}
	var cs []cell
	parts := strings.Split(line[offset+1:], "|")
	offset++
	for i, part := range parts {
		if i == len(parts)-1 && strings.TrimSpace(part) == "" {
			break // after the closing |
		}
		text := strings.TrimSpace(part)
		cs = append(cs, cell{text, offset + strings.Index(part, text)})
		offset += len(part) + 1
	}
	return cs
}

// mapErrors returns the document's reading-map rows that are wrong, as
// errors naming their line.
func (d *Doc) mapErrors(dir string) []error {
	var errs []error
	for _, f := range d.mapFixes(dir) {
		err := f.err
		if err == nil {
			err = fmt.Errorf("the reading map says %d lines, but the files it links hold %d (go run ply/cmd/lab rewrites it)", f.said, f.want)
		}
		errs = append(errs, &lab.PosError{File: d.Path, Line: f.index + 1, Err: err})
	}
	return errs
}

// mapRow reads one line of a reading map: a table row with links to files
// and a number of lines, in the column headed "lines" (-1 when no header
// said which: the last cell that is a whole number). It reports a row
// whose number is not the files' length, or whose files cannot be read.
func mapRow(line string, column int, dir string) (countFix, bool) {
	cs := cells(line)
	f := countFix{said: -1}
	for i, c := range cs {
		if column >= 0 && i != column {
			continue
		}
		if v, err := strconv.Atoi(c.text); err == nil {
			f.said, f.start, f.end = v, c.start, c.start+len(c.text)
		}
	}
	links := mapLink.FindAllStringSubmatch(line, -1)
	if f.said < 0 || len(links) == 0 {
		return countFix{}, false
	}
	for _, m := range links {
		data, err := os.ReadFile(filepath.Join(dir, m[1]))
		if err != nil {
			f.err = fmt.Errorf("the reading map links %s, which cannot be read: %v", m[1], err)
			return f, true
		}
		f.want += bytes.Count(data, []byte("\n"))
	}
	return f, f.said != f.want
}
