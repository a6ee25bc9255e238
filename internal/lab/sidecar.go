package lab

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// SidecarFile is the file of a day, beside its code, that holds the part
// of its lab that is more than one line: each exercise's hint ladder, and
// the contracts of its functions after the first. The reference code keeps
// one lab line per exercise, the contract on its first function, so that
// a student reading the day reads the day. The file never reaches the
// starter.
const SidecarFile = "lab.md"

// A section is the part of the sidecar about one exercise.
type section struct {
	n           int
	line        int    // the line of its heading
	fn          string // the first function, as the heading names it
	file        string // and its file
	hints       []string
	funcs       []listed // the exercise's other functions
	scripts     []string // the testscript suite's scripts that fail until it is done
	scriptsLine int      // the line that names them
}

// A listed function is one the sidecar adds to an exercise.
type listed struct {
	fn, file, contract string
	line               int // its line in the sidecar
}

// The lines of the sidecar that mean something.
var (
	sectionHeading = regexp.MustCompile("^## Exercise ([1-9][0-9]*): `([^`]+)` in (\\S+)$")
	hintItem       = regexp.MustCompile(`^([0-9]+)\. (.+)$`)
	funcItem       = regexp.MustCompile("^- `([^`]+)` in (\\S+): (.+)$")
	scriptsItem    = regexp.MustCompile("^- scripts: (.+)$")
	scriptName     = regexp.MustCompile("^`([A-Za-z0-9_.-]+)`$")
)

// readSidecar reads the day's sidecar, by section number; a day without
// one has none. Every line it cannot read is reported, by line.
func readSidecar(dayDir string) (map[int]*section, error) {
	name := filepath.Join(dayDir, SidecarFile)
	data, err := os.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	sections := map[int]*section{}
	var errs []error
	fail := func(line int, format string, args ...any) {
		errs = append(errs, &PosError{File: name, Line: line, Err: fmt.Errorf("%w: "+format, append([]any{ErrSidecar}, args...)...)})
	}
	var cur *section
	var last *string // the item a continuation line goes on with
	sc := bufio.NewScanner(bytes.NewReader(data))
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimRight(sc.Text(), " \t\r")
		if strings.HasPrefix(line, "## ") {
			m := sectionHeading.FindStringSubmatch(line)
			if m == nil {
				fail(n, "want a heading \"## Exercise N: `Func` in file.go\", naming the function that has the //lab:exercise N line")
				cur, last = nil, nil
				continue
			}
			k, _ := strconv.Atoi(m[1]) // the pattern allows only digits
			if old, dup := sections[k]; dup {
				fail(n, "a second section for exercise %d; the first is at line %d", k, old.line)
			}
			cur = &section{n: k, line: n, fn: m[2], file: m[3]}
			sections[k], last = cur, nil
			continue
		}
		if cur == nil {
			continue // the file's title and its words before the first exercise
		}
		switch m := hintItem.FindStringSubmatch(line); {
		case line == "":
			last = nil
		case m != nil:
			if k, _ := strconv.Atoi(m[1]); k != len(cur.hints)+1 {
				fail(n, "hint %s of exercise %d comes after %d hint(s): number the ladder 1, 2, 3", m[1], cur.n, len(cur.hints))
			}
			cur.hints = append(cur.hints, m[2])
			last = &cur.hints[len(cur.hints)-1]
		case scriptsItem.MatchString(line):
			for _, word := range strings.Split(scriptsItem.FindStringSubmatch(line)[1], ",") {
				m := scriptName.FindStringSubmatch(strings.TrimSpace(word))
				if m == nil {
					fail(n, "want - scripts: `name`, `name`, naming scripts of testdata/script without .txtar")
					break
				}
				cur.scripts = append(cur.scripts, m[1])
			}
			cur.scriptsLine, last = n, nil
		case funcItem.MatchString(line):
			f := funcItem.FindStringSubmatch(line)
			cur.funcs = append(cur.funcs, listed{fn: f[1], file: f[2], contract: f[3], line: n})
			last = &cur.funcs[len(cur.funcs)-1].contract
		case last != nil && strings.HasPrefix(line, "  "):
			*last += " " + strings.TrimSpace(line) // an item wrapped onto the next line
		default:
			fail(n, "not a hint (\"1. text\"), a function (\"- `Func` in file.go: contract\") or a blank line")
			last = nil
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	return sections, errors.Join(errs...)
}

// applySidecar gives the exercises found in the code what the sidecar
// says of them: the ladder of each exercise's first function, and the
// functions listed after it. It returns the exercises with the listed
// functions added, and reports each section or item that does not fit
// the code.
func applySidecar(dayDir string, exercises []Exercise, sections map[int]*section) ([]Exercise, []error) {
	name := filepath.Join(dayDir, SidecarFile)
	var errs []error
	fail := func(line int, format string, args ...any) {
		errs = append(errs, &PosError{File: name, Line: line, Err: fmt.Errorf("%w: "+format, append([]any{ErrSidecar}, args...)...)})
	}
	for _, s := range sortedSections(sections) {
		first := firstInCode(exercises, s.n)
		if first < 0 {
			fail(s.line, "exercise %d has no //lab:exercise %d line in the code; it goes on the exercise's first function", s.n, s.n)
			continue
		}
		e := &exercises[first]
		if e.Func != s.fn || e.File != s.file {
			fail(s.line, "the heading names %s in %s, but exercise %d's //lab:exercise line is on %s in %s", s.fn, s.file, s.n, e.Func, e.File)
		}
		if len(e.Hints) > 0 && len(s.hints) > 0 {
			fail(s.line, "exercise %d has hints here and as //lab:hint lines at %s:%d: keep one ladder, here; move what is new in the code's into this section, and delete those lines", s.n, e.File, e.HintLine)
		}
		if len(s.hints) > 0 {
			e.Hints, e.HintLine = s.hints, 0
		}
		for _, name := range s.scripts {
			if !exists(filepath.Join(dayDir, scriptsDir, name+".txtar")) {
				fail(s.scriptsLine, "no script %s in %s", name, filepath.Join(dayDir, scriptsDir))
			}
		}
		e.Scripts = s.scripts
		for _, l := range s.funcs {
			line, err := funcLine(dayDir, l.file, l.fn)
			if err != nil {
				fail(l.line, "%v", err)
				continue
			}
			if i := findExercise(exercises, l.file, l.fn); i >= 0 {
				fail(l.line, "%s has its own //lab:exercise line at %s:%d; a function's contract is in one place", l.fn, l.file, exercises[i].Line)
				continue
			}
			exercises = append(exercises, Exercise{N: s.n, File: l.file, Func: l.fn, Contract: l.contract, Line: line, Listed: l.line})
		}
	}
	return exercises, errs
}

// scriptsDir is where a day's testscript suite is.
const scriptsDir = "testdata/script"

// ScriptNeeds returns, for each script of the day's testscript suite that
// fails in the starter, the exercises it waits for, in order: the
// exercises whose sidecar sections name it on a "- scripts:" line.
func ScriptNeeds(exercises []Exercise) map[string][]int {
	needs := map[string][]int{}
	for _, e := range exercises {
		for _, name := range e.Scripts {
			if !slices.Contains(needs[name], e.N) {
				needs[name] = append(needs[name], e.N)
			}
		}
	}
	for _, ns := range needs {
		slices.Sort(ns)
	}
	return needs
}

// firstInCode returns the index of exercise n's first function among
// those whose contract is in the code, by file and then line; -1 when
// there is none.
func firstInCode(exercises []Exercise, n int) int {
	first := -1
	for i, e := range exercises {
		if e.N != n || e.Listed != 0 {
			continue
		}
		if first < 0 || e.File < exercises[first].File || (e.File == exercises[first].File && e.Line < exercises[first].Line) {
			first = i
		}
	}
	return first
}

// findExercise returns the index of the exercise function fn of file, or -1.
func findExercise(exercises []Exercise, file, fn string) int {
	for i, e := range exercises {
		if e.File == file && e.Func == fn {
			return i
		}
	}
	return -1
}

// funcLine returns the line where the function fn, with a body, is
// declared in the day's file rel.
func funcLine(dayDir, rel, fn string) (int, error) {
	sf, err := parseSource(filepath.Join(dayDir, filepath.FromSlash(rel)))
	if err != nil {
		return 0, fmt.Errorf("%s: %w", rel, err)
	}
	decl := sf.fn(fn)
	if decl == nil {
		return 0, fmt.Errorf("%s has no function %s with a body", rel, fn)
	}
	return sf.fset.Position(decl.Pos()).Line, nil
}

// sortedSections returns the sections in the order of their numbers.
func sortedSections(sections map[int]*section) []*section {
	var list []*section
	for _, n := range slices.Sorted(maps.Keys(sections)) {
		list = append(list, sections[n])
	}
	return list
}
