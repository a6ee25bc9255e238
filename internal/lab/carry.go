package lab

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// A day is a copy of the day before with one layer added, so a fix to
// code that a day inherits belongs in the earliest day that has the code,
// and in every later day's copy of it, the same change. Carry makes the
// copies; Uncarried finds a later day that still holds the code an
// earlier day changed.

// perDay reports whether the file rel of a day is the day's own, never a
// copy of the day before's: its lesson and its lab's sidecar.
func perDay(rel string) bool {
	return rel == "README.md" || rel == SidecarFile
}

// A Carried is what Carry did to one file of a later day, or could not do.
type Carried struct {
	Path   string // slash-separated from the course's root, such as "day06/tools/env.go"
	Done   string // what was done: "2 changes carried", "created", "deleted"; "" when nothing could be
	Refuse string // why a change was not carried, with where it is in the earlier day; "" when all were
}

// Carry carries the change that day d's files went through, from before
// (by path from the day, the files as they were; nil for a file that was
// not there) to the files as they are now, into the copies of those files
// in every later day of the course at root, and writes them unless dryRun.
// Each hunk of a file's change is made where the later day holds exactly
// what the hunk changed, with the import path of its module; a hunk whose
// old lines the later day does not hold once, or that touches a //lab:
// line, is refused, with where it is, to carry by hand.
func Carry(root string, d Day, before map[string][]byte, dryRun bool) ([]Carried, error) {
	days, err := Days(root)
	if err != nil {
		return nil, err
	}
	later := slices.DeleteFunc(slices.Clone(days), func(l Day) bool { return l.Name <= d.Name })
	from, err := readGoMod(d.Dir)
	if err != nil {
		return nil, err
	}
	var out []Carried
	for _, rel := range slices.Sorted(func(yield func(string) bool) {
		for rel := range before {
			if !yield(rel) {
				return
			}
		}
	}) {
		if perDay(rel) {
			continue
		}
		old := before[rel]
		now, err := os.ReadFile(filepath.Join(d.Dir, filepath.FromSlash(rel)))
		if err != nil && !os.IsNotExist(err) {
			return nil, err
		}
		if err != nil {
			now = nil
		}
		if bytes.Equal(old, now) {
			continue
		}
		for _, l := range later {
			to, err := readGoMod(l.Dir)
			if err != nil {
				return nil, err
			}
			rename := importPathRenamer(from.Module, to.Module)
			c, err := carryFile(l, rel, rename(old), rename(now), d.Name, dryRun)
			if err != nil {
				return nil, err
			}
			if c.Done != "" || c.Refuse != "" {
				out = append(out, c)
			}
		}
	}
	return out, nil
}

// carryFile carries the change from old to now, as the later day l's
// module writes them, into l's file rel.
func carryFile(l Day, rel string, old, now []byte, earlier string, dryRun bool) (Carried, error) {
	name := filepath.Join(l.Dir, filepath.FromSlash(rel))
	c := Carried{Path: l.Name + "/" + rel}
	have, err := os.ReadFile(name)
	missing := os.IsNotExist(err)
	if err != nil && !missing {
		return c, err
	}
	switch {
	case old == nil && missing: // a new file: the later day gets it too
		c.Done = "created"
		if !dryRun {
			return c, writeLike(name, now, 0o644)
		}
		return c, nil
	case old == nil && bytes.Equal(have, now):
		return c, nil
	case old == nil:
		c.Refuse = fmt.Sprintf("%s/%s is new, and %s has a file of that name already", earlier, rel, l.Name)
		return c, nil
	case missing:
		return c, nil // the later day has no copy: nothing to carry
	case now == nil && bytes.Equal(have, old):
		c.Done = "deleted"
		if !dryRun {
			return c, os.Remove(name)
		}
		return c, nil
	case now == nil:
		c.Refuse = fmt.Sprintf("%s deleted %s, and %s's copy is its own: delete it by hand, or keep it", earlier, rel, l.Name)
		return c, nil
	}
	carried, refused, n := applyChange(splitLines(old), splitLines(now), splitLines(have))
	for _, r := range refused {
		c.Refuse += fmt.Sprintf("%s the change at %s/%s:%d: %s\n", l.Name+" keeps", earlier, rel, r.line, r.why)
	}
	c.Refuse = strings.TrimSuffix(c.Refuse, "\n")
	if n > 0 {
		c.Done = plural(n, "change") + " carried"
		if !dryRun {
			info, err := os.Stat(name)
			if err != nil {
				return c, err
			}
			return c, writeLike(name, joinLines(carried, have), info.Mode().Perm())
		}
	}
	return c, nil
}

// writeLike writes data to name with the mode perm, making its folder.
func writeLike(name string, data []byte, perm os.FileMode) error {
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	return os.WriteFile(name, data, perm)
}

// joinLines joins lines as a file, ending with a line end when like does.
func joinLines(lines []string, like []byte) []byte {
	out := strings.Join(lines, "\n")
	if len(like) == 0 || like[len(like)-1] == '\n' {
		out += "\n"
	}
	return []byte(out)
}

// A refusal is a hunk that could not be carried: where it starts in the
// earlier day's file as it is now, and why.
type refusal struct {
	line int
	why  string
}

// A hunk is one change of a diff: the lines of a, from a's line aStart,
// that it replaces with those of b, with context lines around both.
type hunk struct {
	aStart, bStart int      // 0-based, where the hunk's old and new lines start, context included
	old, new       []string // context, removed or added, context
	before, after  int      // how many of the lines are context, before and after the change
}

// hunks returns the changes that turn a into b, each with up to context
// lines of context on either side.
func hunks(a, b []string, context int) []hunk {
	ops := diffLines(a, b)
	var out []hunk
	ai, bi := 0, 0
	for i := 0; i < len(ops); {
		if ops[i].kind == ' ' {
			ai, bi, i = ai+1, bi+1, i+1
			continue
		}
		start := i
		for i < len(ops) && ops[i].kind != ' ' {
			i++
		}
		h := hunk{}
		pre := max(0, ai-context)
		for k := pre; k < ai; k++ {
			h.old = append(h.old, a[k])
			h.new = append(h.new, a[k])
		}
		h.before = ai - pre
		h.aStart, h.bStart = pre, bi-(ai-pre)
		for _, o := range ops[start:i] {
			switch o.kind {
			case '-':
				h.old = append(h.old, o.line)
				ai++
			case '+':
				h.new = append(h.new, o.line)
				bi++
			}
		}
		for k := ai; k < min(len(a), ai+context); k++ {
			h.old = append(h.old, a[k])
			h.new = append(h.new, a[k])
			h.after++
		}
		out = append(out, h)
	}
	return out
}

// applyChange makes in have, line by line, each hunk of the change from
// old to now: where have holds the hunk's old lines exactly once, with
// three, one or no lines of context. It returns have changed, the hunks it
// refused, and how many it made. A hunk whose new lines have holds
// already is made.
func applyChange(old, now, have []string) ([]string, []refusal, int) {
	var refused []refusal
	made := 0
	out := slices.Clone(have)
	for _, h := range hunks(old, now, 3) {
		line := h.bStart + h.before + 1
		if touchesLabLine(h) {
			refused = append(refused, refusal{line, "it changes a //lab: line, which each day has for its own exercises"})
			continue
		}
		done := false
		for _, ctx := range []int{3, 1, 0} {
			o, n := h.trim(ctx)
			if len(o) == 0 {
				break // no line to find it by
			}
			if at := indexOnce(out, n); at >= 0 && len(n) > 0 && indexOnce(out, o) < 0 {
				done = true // carried already
				break
			}
			if at := indexOnce(out, o); at >= 0 {
				out = slices.Concat(out[:at], n, out[at+len(o):])
				made++
				done = true
				break
			}
		}
		if !done {
			refused = append(refused, refusal{line, "the later day does not hold the lines it changed, once, as they were"})
		}
	}
	return out, refused, made
}

// trim returns the hunk's old and new lines with at most ctx lines of
// context on either side.
func (h hunk) trim(ctx int) (old, new []string) {
	cutBefore := h.before - min(h.before, ctx)
	cutAfter := h.after - min(h.after, ctx)
	return h.old[cutBefore : len(h.old)-cutAfter], h.new[cutBefore : len(h.new)-cutAfter]
}

// touchesLabLine reports whether the hunk adds or removes a //lab: line.
func touchesLabLine(h hunk) bool {
	changed := slices.Concat(h.old[h.before:len(h.old)-h.after], h.new[h.before:len(h.new)-h.after])
	return slices.ContainsFunc(changed, func(line string) bool { return labLine.MatchString(line) })
}

// indexOnce returns where lines occur in text, when they occur exactly
// once, and -1 otherwise.
func indexOnce(text, lines []string) int {
	found := -1
	for i := 0; i+len(lines) <= len(text); i++ {
		if slices.Equal(text[i:i+len(lines)], lines) {
			if found >= 0 {
				return -1
			}
			found = i
		}
	}
	return found
}

// An Uncarried is a place where a day differs from the day before and the
// day after, which agree: the day changed what the next did not carry, or
// missed a change carried to the days on either side.
type Uncarried struct {
	Path   string // the middle day's file, slash-separated from the root
	Line   int    // where, in it
	Before string // the same place in the day before: "day01/llm/mock_test.go:34"
	After  string // and in the day after
}

func (u Uncarried) String() string {
	day := strings.Split(u.Path, "/")[0]
	return fmt.Sprintf("%s:%d: %s differs here from %s and %s, which agree: either %s changed code that the next day did not carry, or it missed a change carried around it. Make the days agree (go run ply/cmd/lab carry DAY carries a change from DAY on), or, if the difference is a layer's, make it the later day's own",
		u.Path, u.Line, day, u.Before, u.After, day)
}

// FindUncarried compares each three days in a row of the course at root:
// where the middle day changed a file of the first, the third must hold
// the middle day's version, or its own; a third day that holds exactly
// the first day's lines there, around the change, missed the change. The
// days' import paths and lab lines, and the self-check's labels, are
// left out of the comparison, as they are of a layer (see Layer). A
// change to a file the middle day added has no version before it to
// compare with: Carry carries it, and this cannot see it.
func FindUncarried(root string) ([]Uncarried, error) {
	days, err := Days(root)
	if err != nil {
		return nil, err
	}
	var found []Uncarried
	for i := 2; i < len(days); i++ {
		u, err := uncarriedIn(days[i-2], days[i-1], days[i])
		if err != nil {
			return nil, err
		}
		found = append(found, u...)
	}
	return found, nil
}

// uncarriedIn compares three days in a row, a, b and c.
func uncarriedIn(a, b, c Day) ([]Uncarried, error) {
	ta, err := ReadTree(a.Dir)
	if err != nil {
		return nil, err
	}
	tb, err := ReadTree(b.Dir)
	if err != nil {
		return nil, err
	}
	tc, err := ReadTree(c.Dir)
	if err != nil {
		return nil, err
	}
	var mods [3]string
	for i, d := range []Day{a, b, c} {
		m, err := readGoMod(d.Dir)
		if err != nil {
			return nil, err
		}
		mods[i] = m.Module
	}
	var found []Uncarried
	for _, rel := range slices.Sorted(func(yield func(string) bool) {
		for rel := range tc {
			if !yield(rel) {
				return
			}
		}
	}) {
		fa, inA := ta[rel]
		fb, inB := tb[rel]
		fc := tc[rel]
		if !inA || !inB || perDay(rel) || !isText(fa.Data) || !isText(fb.Data) || !isText(fc.Data) {
			continue
		}
		la, na := normalizedLines(importPathRenamer(mods[0], mods[2])(fa.Data), rel, fc.Data)
		lb, nb := normalizedLines(importPathRenamer(mods[1], mods[2])(fb.Data), rel, fc.Data)
		lc, nc := normalizedLines(fc.Data, rel, fc.Data)
		if slices.Equal(la, lb) {
			continue
		}
		kept := keptLines(la, lc) // for each line of a, its index in c when c keeps it
		for _, h := range hunks(la, lb, 0) {
			if at, ok := holdsOld(h, la, kept); ok {
				found = append(found, Uncarried{Path: b.Name + "/" + rel, Line: lineAt(nb, h.bStart),
					Before: fmt.Sprintf("%s/%s:%d", a.Name, rel, lineAt(na, h.aStart)), After: fmt.Sprintf("%s/%s:%d", c.Name, rel, lineAt(nc, at))})
			}
		}
	}
	return found, nil
}

// normalizedLines returns a file's lines as a layer compares them, with
// the number of each in the file: without //lab: lines in Go, and with the
// self-check's labels as like, the later day's table, gives them. A Go
// file's imports are left out too: each day imports what its own code
// uses, and goimports keeps them so.
func normalizedLines(data []byte, rel string, like []byte) ([]string, []int) {
	raw := splitLines(data)
	if !strings.HasSuffix(rel, ".go") {
		numbers := make([]int, len(raw))
		for i := range raw {
			numbers[i] = i + 1
		}
		return raw, numbers
	}
	if rel == checksFile {
		data, _ = relabel(data, like) // the same lines, relabelled
		raw = splitLines(data)
	}
	var lines []string
	var numbers []int
	inImports := false
	for i, line := range raw {
		switch {
		case line == "import (":
			inImports = true
		case inImports && line == ")":
			inImports = false
		case inImports || strings.HasPrefix(line, "import "):
		case labLine.MatchString(line):
			if k := len(lines) - 1; k >= 0 && lines[k] == "//" {
				lines, numbers = lines[:k], numbers[:k] // the separator before the block
			}
		default:
			lines = append(lines, line)
			numbers = append(numbers, i+1)
		}
	}
	return lines, numbers
}

// lineAt returns the file's line number of the compared line i, or of the
// file's end when i is past the last.
func lineAt(numbers []int, i int) int {
	if i < len(numbers) {
		return numbers[i]
	}
	if len(numbers) == 0 {
		return 1
	}
	return numbers[len(numbers)-1] + 1
}

// keptLines returns, for each line of a, the index of the same line in c
// when the diff from a to c keeps it, and -1 when it does not.
func keptLines(a, c []string) []int {
	kept := make([]int, len(a))
	ai, ci := 0, 0
	for _, o := range diffLines(a, c) {
		switch o.kind {
		case ' ':
			kept[ai] = ci
			ai, ci = ai+1, ci+1
		case '-':
			kept[ai] = -1
			ai++
		case '+':
			ci++
		}
	}
	return kept
}

// holdsOld reports whether c, through kept, holds exactly a's lines where
// the hunk h (with no context) changed them: each line the hunk removed,
// and the line on either side, kept in a row, with nothing between. It
// returns where, in c.
func holdsOld(h hunk, a []string, kept []int) (int, bool) {
	first, last := h.aStart-1, h.aStart+len(h.old) // the lines around the change, in a
	if first < 0 || last >= len(a) {
		return 0, false // at an end of the file: too little to tell by
	}
	prev := -2
	for i := first; i <= last; i++ {
		if kept[i] < 0 || prev >= -1 && kept[i] != prev+1 {
			return 0, false
		}
		prev = kept[i]
	}
	return kept[first+1], true
}
