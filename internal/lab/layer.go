package lab

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io"
	"maps"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"unicode/utf8"
)

// A Layer is what one day adds to another: the diff between their
// folders, with what only the course's machinery changes left out and
// counted, so that what remains is the layer a lesson teaches. Left out:
//
//   - the import path: the earlier day's module path (ply/day06) reads as
//     the later one's (ply/day07), so a file that differs by nothing else
//     is no change;
//   - the lab's own lines: the //lab: directives, which each day puts on
//     its own exercises, and each day's SidecarFile;
//   - the self-check's labels: a check both days have is labelled as the
//     later day labels it, 0 for a check whose exercise was the earlier
//     day's.
type Layer struct {
	From, To   Day
	Modules    [2]string    // the two days' module paths, from and to
	Files      []FileChange // the files that still differ, by path
	Renamed    int          // files that differ by the import path alone
	LabOnly    int          // files that differ by that and the lab's lines alone
	LabLines   int          // //lab: directive lines left out, both days together
	Sidecars   []string     // the sidecar files left out, by path from the root
	Relabelled int          // self-check entries whose label alone differed
}

// A FileChange is one file that differs between the days, with the lab's
// own lines already left out.
type FileChange struct {
	Path     string // slash-separated, from the day's folder
	From, To []byte // the file in each day; nil when it is not there
	Binary   bool   // either side is not text: no lines to show
}

// NewLayer compares the day from with the day to.
func NewLayer(from, to Day) (*Layer, error) {
	a, err := ReadTree(from.Dir)
	if err != nil {
		return nil, err
	}
	b, err := ReadTree(to.Dir)
	if err != nil {
		return nil, err
	}
	modA, err := readGoMod(from.Dir)
	if err != nil {
		return nil, err
	}
	modB, err := readGoMod(to.Dir)
	if err != nil {
		return nil, err
	}
	l := &Layer{From: from, To: to, Modules: [2]string{modA.Module, modB.Module}}
	for _, t := range []struct {
		tree Tree
		day  Day
	}{{a, from}, {b, to}} {
		if _, ok := t.tree[SidecarFile]; ok {
			l.Sidecars = append(l.Sidecars, filepath.ToSlash(filepath.Join(t.day.Name, SidecarFile)))
			delete(t.tree, SidecarFile)
		}
	}
	renamePath := importPathRenamer(modA.Module, modB.Module)
	both := maps.Clone(a)
	maps.Copy(both, b)
	for _, p := range slices.Sorted(maps.Keys(both)) {
		fa, inA := a[p]
		fb, inB := b[p]
		if inA && inB && bytes.Equal(fa.Data, fb.Data) {
			continue
		}
		c := FileChange{Path: p}
		if inA {
			c.From = fa.Data
		}
		if inB {
			c.To = fb.Data
		}
		if !isText(c.From) || !isText(c.To) {
			c.Binary = true
			l.Files = append(l.Files, c)
			continue
		}
		renamed := renamePath(c.From)
		if inA && inB && bytes.Equal(renamed, c.To) {
			l.Renamed++
			continue
		}
		c.From = renamed
		if strings.HasSuffix(p, ".go") {
			var n int
			c.From, n = dropLabLines(c.From)
			l.LabLines += n
			c.To, n = dropLabLines(c.To)
			l.LabLines += n
		}
		if p == checksFile && inA && inB {
			var n int
			c.From, n = relabel(c.From, c.To)
			l.Relabelled += n
		}
		if inA && inB && bytes.Equal(c.From, c.To) {
			l.LabOnly++
			continue
		}
		l.Files = append(l.Files, c)
	}
	return l, nil
}

// importPathRenamer returns a function that writes the import path from
// as to, where it is the whole path or its start.
func importPathRenamer(from, to string) func([]byte) []byte {
	if from == to {
		return func(b []byte) []byte { return b }
	}
	re := regexp.MustCompile(regexp.QuoteMeta(from) + `\b`)
	return func(b []byte) []byte {
		if b == nil {
			return nil
		}
		return re.ReplaceAllLiteral(b, []byte(to))
	}
}

// isText reports whether data reads as text: valid UTF-8 without NUL.
// Missing data, a file that is not there, is text.
func isText(data []byte) bool {
	return utf8.Valid(data) && !bytes.Contains(data, []byte{0})
}

// labLine matches a //lab: directive line of a day's Go code.
var labLine = regexp.MustCompile(`^//lab:`)

// dropLabLines removes the //lab: directive lines from a Go file, with
// the "//" line that sets a block of them apart from its doc comment, and
// returns how many directives it removed.
func dropLabLines(src []byte) ([]byte, int) {
	if src == nil {
		return nil, 0
	}
	var out [][]byte
	n := 0
	for line := range bytes.Lines(src) {
		if !labLine.Match(line) {
			out = append(out, line)
			continue
		}
		if k := len(out); k > 0 && string(bytes.TrimRight(out[k-1], "\r\n")) == "//" {
			out = out[:k-1] // the separator before the block
		}
		n++
	}
	return bytes.Join(out, nil), n
}

// relabel returns the self-check table from with each entry's label set
// to the one the table to gives the check of the same name, and how many
// it changed. An entry to does not have keeps its label.
func relabel(from, to []byte) ([]byte, int) {
	want := map[string]string{}
	for _, e := range checkEntries(to) {
		want[e.name] = e.label
	}
	var edits []edit
	for _, e := range checkEntries(from) {
		if label, ok := want[e.name]; ok && label != e.label {
			edits = append(edits, edit{e.start, e.end, label})
		}
	}
	return apply(from, edits), len(edits)
}

// A checkEntry is one entry of a self-check's table, as source.
type checkEntry struct {
	name, label string
	start, end  int // the label's offsets
}

// checkEntries reads the entries of the self-check table in src; none
// when it cannot be read, and then nothing is relabelled.
func checkEntries(src []byte) []checkEntry {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, checksFile, src, parser.SkipObjectResolution)
	if err != nil {
		return nil
	}
	table := checksTable(f)
	if table == nil {
		return nil
	}
	var entries []checkEntry
	for _, elt := range table.Elts {
		c, ok := readCheck(elt)
		lit, isLit := elt.(*ast.CompositeLit)
		if !ok || !isLit || len(lit.Elts) < 2 {
			continue
		}
		label, isBasic := lit.Elts[1].(*ast.BasicLit)
		if !isBasic {
			continue // a keyed entry: left as it is
		}
		entries = append(entries, checkEntry{name: c.Name, label: label.Value,
			start: fset.Position(label.Pos()).Offset, end: fset.Position(label.End()).Offset})
	}
	return entries
}

// Summary says in one line what the layer holds and what was left out.
func (l *Layer) Summary() string {
	var left []string
	if l.Renamed > 0 {
		left = append(left, fmt.Sprintf("%d file(s) that differ only by the import path (%s → %s)", l.Renamed, l.Modules[0], l.Modules[1]))
	}
	if l.LabOnly > 0 {
		left = append(left, fmt.Sprintf("%d file(s) that differ only by it and the lab's lines", l.LabOnly))
	}
	if l.LabLines > 0 {
		left = append(left, fmt.Sprintf("%d //lab: line(s)", l.LabLines))
	}
	if len(l.Sidecars) > 0 {
		left = append(left, strings.Join(l.Sidecars, " and "))
	}
	if l.Relabelled > 0 {
		left = append(left, fmt.Sprintf("%d self-check label(s) of the earlier day's exercises", l.Relabelled))
	}
	s := fmt.Sprintf("%s → %s: %d file(s) differ", l.From.Name, l.To.Name, len(l.Files))
	if len(left) > 0 {
		s += "; left out: " + strings.Join(left, ", ")
	}
	return s
}

// WriteUnified writes the layer as a unified diff, as diff -ruN would
// print it, with a new file shown against /dev/null.
func (l *Layer) WriteUnified(w io.Writer) error {
	for _, c := range l.Files {
		a, b := l.From.Name+"/"+c.Path, l.To.Name+"/"+c.Path
		if c.From == nil {
			a = "/dev/null"
		}
		if c.To == nil {
			b = "/dev/null"
		}
		if c.Binary {
			if _, err := fmt.Fprintf(w, "Binary files %s and %s differ\n", a, b); err != nil {
				return err
			}
			continue
		}
		if _, err := fmt.Fprintf(w, "--- %s\n+++ %s\n", a, b); err != nil {
			return err
		}
		if err := writeHunks(w, diffLines(splitLines(c.From), splitLines(c.To))); err != nil {
			return err
		}
	}
	return nil
}

// Stat returns, for each file, how many lines the layer adds and removes.
func (l *Layer) Stat() []FileStat {
	stats := make([]FileStat, len(l.Files))
	for i, c := range l.Files {
		stats[i] = FileStat{Path: c.Path, Binary: c.Binary}
		if c.Binary {
			continue
		}
		for _, o := range diffLines(splitLines(c.From), splitLines(c.To)) {
			switch o.kind {
			case '+':
				stats[i].Added++
			case '-':
				stats[i].Removed++
			}
		}
	}
	return stats
}

// A FileStat counts the lines of one file that a layer changes.
type FileStat struct {
	Path           string
	Added, Removed int
	Binary         bool
}

// splitLines returns the lines of data, without their line ends. A last
// line without one is a line too.
func splitLines(data []byte) []string {
	var lines []string
	for line := range bytes.Lines(data) {
		lines = append(lines, strings.TrimSuffix(string(line), "\n"))
	}
	return lines
}
