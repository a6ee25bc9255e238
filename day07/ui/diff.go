package ui

import (
	"fmt"
	"strings"

	"ply/day07/llm"
)

// The bounds of a diff shown in a question. Past them the human gets a
// summary instead: a diff nobody can read in a terminal helps nobody, and
// working it out must not cost more than the call it is about.
const (
	maxDiffBytes = 1 << 20 // a bigger file, before or after, is summed up
	maxDiffCells = 1 << 20 // the most cells of the table lcsEdits fills
	maxDiffLines = 200     // the most lines of diff printed
	diffContext  = 3       // unchanged lines shown around each change
)

// edit is one line of a line diff: kept, removed from the old text, or
// added in the new one.
type edit struct {
	op   byte   // ' ' kept, '-' removed, '+' added
	line string // the line with its "\n", if it has one
}

// splitLines cuts text into lines, each with its "\n". The last line has
// none when the text does not end in one, so that adding a final newline
// is a change the diff shows.
func splitLines(text string) []string {
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	return lines
}

// diffLines returns the edits that turn the lines a into the lines b. The
// lines both texts begin and end with are kept without a search: an edit
// changes a few lines of a long file, and only the middle costs anything.
// A middle too big for lcsEdits is shown as removed and added whole.
func diffLines(a, b []string) []edit {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	midA, midB := a[pre:len(a)-suf], b[pre:len(b)-suf]
	edits := all(' ', a[:pre])
	if (len(midA)+1)*(len(midB)+1) <= maxDiffCells {
		edits = append(edits, lcsEdits(midA, midB)...)
	} else {
		edits = append(append(edits, all('-', midA)...), all('+', midB)...)
	}
	return append(edits, all(' ', a[len(a)-suf:])...)
}

// all returns one edit of op for each line.
func all(op byte, lines []string) []edit {
	edits := make([]edit, len(lines))
	for i, line := range lines {
		edits[i] = edit{op, line}
	}
	return edits
}

// lcsEdits returns the shortest edits that turn a into b: it keeps a
// longest common subsequence of lines, and removes and adds the rest.
func lcsEdits(a, b []string) []edit {
	width := len(b) + 1
	lcs := make([]int, (len(a)+1)*width) // lcs[i*width+j]: for a[i:] and b[j:]
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i*width+j] = lcs[(i+1)*width+j+1] + 1
			} else {
				lcs[i*width+j] = max(lcs[(i+1)*width+j], lcs[i*width+j+1])
			}
		}
	}
	var edits []edit
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			edits = append(edits, edit{' ', a[i]})
			i, j = i+1, j+1
		case lcs[(i+1)*width+j] >= lcs[i*width+j+1]:
			edits = append(edits, edit{'-', a[i]})
			i++
		default:
			edits = append(edits, edit{'+', b[j]})
			j++
		}
	}
	return append(append(edits, all('-', a[i:])...), all('+', b[j:])...)
}

// hunk is a run of edits shown together, with the lines it covers in the
// old and the new text.
type hunk struct {
	oldStart, oldLines int // 1-based first line, and how many lines
	newStart, newLines int
	edits              []edit
}

// hunks groups the changes of edits into hunks, each with up to context
// kept lines around it. Changes with at most twice context kept lines
// between them share a hunk, as in diff -u.
func hunks(edits []edit, context int) []hunk {
	var out []hunk
	oldLine, newLine := 1, 1 // the line numbers of edits[done]
	done := 0
	for {
		first := nextChange(edits, done)
		if first == len(edits) {
			return out
		}
		last := first
		for {
			next := nextChange(edits, last+1)
			if next == len(edits) || next-last-1 > 2*context {
				break
			}
			last = next
		}
		from, to := max(first-context, done), min(last+context+1, len(edits))
		skippedOld, skippedNew := countLines(edits[done:from])
		h := hunk{oldStart: oldLine + skippedOld, newStart: newLine + skippedNew, edits: edits[from:to]}
		h.oldLines, h.newLines = countLines(h.edits)
		out = append(out, h)
		oldLine, newLine = h.oldStart+h.oldLines, h.newStart+h.newLines
		done = to
	}
}

// nextChange returns the index of the first edit at or after i that is
// not a kept line, or len(edits).
func nextChange(edits []edit, i int) int {
	for i < len(edits) && edits[i].op == ' ' {
		i++
	}
	return i
}

// countLines returns how many lines of the old text and of the new one
// edits cover.
func countLines(edits []edit) (old, new int) {
	for _, e := range edits {
		if e.op != '+' {
			old++
		}
		if e.op != '-' {
			new++
		}
	}
	return old, new
}

// header is the hunk's "@@ -1,4 +1,5 @@" line, as diff -u writes it: a
// range of one line is its number alone, and an empty range gives the line
// before it.
func (h hunk) header() string {
	return fmt.Sprintf("@@ -%s +%s @@", lineRange(h.oldStart, h.oldLines), lineRange(h.newStart, h.newLines))
}

func lineRange(start, lines int) string {
	switch lines {
	case 0:
		return fmt.Sprintf("%d,0", start-1)
	case 1:
		return fmt.Sprint(start)
	}
	return fmt.Sprintf("%d,%d", start, lines)
}

// diffLine is one line of a diff as it is printed; its kind picks its
// colour.
type diffLine struct {
	kind byte   // 'f' file names, '@' hunk header, ' ' kept, '-' removed, '+' added, '\\' a note
	text string // the line as printed, safe for the terminal
}

// unifiedDiff shows the change of the file at path from before to after
// as diff -u does, with every line made printable. A text too
// big, or one that is not text, is summed up in a line instead.
func unifiedDiff(path, before, after string) []diffLine {
	name := oneLine(path)
	switch {
	case before == after:
		return []diffLine{{'\\', name + ": no change"}}
	case len(before) > maxDiffBytes || len(after) > maxDiffBytes:
		return summary(name, before, after, "too big to show as a diff")
	case strings.ContainsRune(before, 0) || strings.ContainsRune(after, 0):
		return summary(name, before, after, "not text")
	}
	hs := hunks(diffLines(splitLines(before), splitLines(after)), diffContext)
	if len(hs) == 0 {
		return summary(name, before, after, "no diff could be worked out")
	}
	out := []diffLine{{'f', "--- " + name}, {'f', "+++ " + name}}
	for _, h := range hs {
		out = append(out, diffLine{'@', h.header()})
		for _, e := range h.edits {
			out = append(out, diffLine{e.op, string(e.op) + diffText(strings.TrimSuffix(e.line, "\n"))})
			if !strings.HasSuffix(e.line, "\n") {
				out = append(out, diffLine{'\\', `\ No newline at end of file`})
			}
		}
	}
	return capLines(out)
}

// summary sums up a change in one line: how long the file was, and is.
func summary(name, before, after, why string) []diffLine {
	return []diffLine{{'\\', fmt.Sprintf("%s: %s (%s) become %s (%s); %s", name,
		llm.Count(len(splitLines(before)), "line"), llm.Count(len(before), "byte"),
		llm.Count(len(splitLines(after)), "line"), llm.Count(len(after), "byte"), why)}}
}

// capLines keeps the first maxDiffLines lines of a diff and says how many
// more there were.
func capLines(lines []diffLine) []diffLine {
	if len(lines) <= maxDiffLines {
		return lines
	}
	more := len(lines) - maxDiffLines
	return append(lines[:maxDiffLines:maxDiffLines], diffLine{'\\', fmt.Sprintf("… %d more lines of diff", more)})
}

// diffText is one line of a diff, made printable. A carriage return shows
// as ␍, so that a change of line ends shows too.
func diffText(line string) string {
	return codeLine(line)
}
