package lab

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
)

// A day inherits the tests of the day before, and with them their
// messages: "(see exercise 3)" in a test of day 7 was written on day 6,
// about day 6's exercise 3. In the starter, where a student reads it, the
// lab renumbers each such line it can trace to an earlier day: to the
// exercise of this day that holds the same function, or, when the
// function is no exercise today, to the earlier day's by name, "see
// day06's exercise 3". The day's own code keeps its lines as they are, so
// that the diff between days stays the layer.

// exerciseRef matches a mention of an exercise by number, or of a range
// of them; pointer, a mention that a parenthesis opens with "see" or
// "needs", as a test's message writes it.
var (
	exerciseRef = regexp.MustCompile(`\bexercises? ([0-9]+)(?: (?:to|and) ([0-9]+))?\b`)
	pointer     = regexp.MustCompile(`\((?:see|needs) exercises? [0-9]`)
)

// renumberer renumbers the inherited test lines of one day.
type renumberer struct {
	dayDir    string
	earlier   []Day                 // the days before, latest first
	exercises map[string][]Exercise // each day's exercises, by folder, read when first needed
	own       []Exercise            // this day's
}

// newRenumberer returns the renumberer of the day in dayDir, whose
// exercises are given. The days before it are its siblings with lower
// numbers.
func newRenumberer(dayDir string, exercises []Exercise) (*renumberer, error) {
	days, err := Days(filepath.Dir(dayDir))
	if err != nil {
		return nil, err
	}
	name := filepath.Base(dayDir)
	var earlier []Day
	for _, d := range days {
		if d.Name < name {
			earlier = append(earlier, d)
		}
	}
	slices.Reverse(earlier)
	return &renumberer{dayDir: dayDir, earlier: earlier, exercises: map[string][]Exercise{}, own: exercises}, nil
}

// file returns the test file rel of the day, whose content is src, with
// its inherited mentions of exercises renumbered, and how many it changed.
// Only messages are touched: the string literals passed to t.Error,
// t.Errorf, t.Fatal, t.Fatalf and their kin, and any that points the
// reader to an exercise in parentheses, "(see exercise 3)", as a table of
// cases holds them. Any other string, such as a self-check's output a
// test compares with, is data, and stays as it is.
func (r *renumberer) file(rel string, src []byte) ([]byte, int, error) {
	if !exerciseRef.Match(src) || len(r.earlier) == 0 {
		return src, 0, nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, rel, src, parser.SkipObjectResolution)
	if err != nil {
		return src, 0, nil // not Go: the build says so
	}
	messages := map[*ast.BasicLit]bool{} // the literals a failure reports
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && isFailure(call) {
			for _, arg := range call.Args {
				if lit, ok := arg.(*ast.BasicLit); ok {
					messages[lit] = true
				}
			}
		}
		return true
	})
	var lits []*ast.BasicLit // the messages that mention an exercise
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if ok && lit.Kind == token.STRING && (messages[lit] && exerciseRef.MatchString(lit.Value) || pointer.MatchString(lit.Value)) {
			lits = append(lits, lit)
		}
		return true
	})
	var edits []edit
	for _, lit := range lits {
		start, end := fset.Position(lit.Pos()).Offset, fset.Position(lit.End()).Offset
		origin := r.origin(rel, src[lineStart(src, start):nextLine(src, start)])
		if origin == nil {
			continue // this day's own line
		}
		fixed, err := r.renumber(src[start:end], *origin)
		if err != nil {
			return nil, 0, err
		}
		if !bytes.Equal(fixed, src[start:end]) {
			edits = append(edits, edit{start, end, string(fixed)})
		}
	}
	return apply(src, edits), len(edits), nil
}

// failures are the methods of testing.T that report a failure or a skip.
var failures = []string{"Error", "Errorf", "Fatal", "Fatalf", "Skip", "Skipf", "Log", "Logf"}

// isFailure reports whether call is x.Errorf(…) or another of failures.
func isFailure(call *ast.CallExpr) bool {
	sel, ok := call.Fun.(*ast.SelectorExpr)
	return ok && slices.Contains(failures, sel.Sel.Name)
}

// origin returns the earliest day before this one from which line of the
// file rel came down unchanged, day after day; nil when the day before
// does not have it, and the line is this day's own.
func (r *renumberer) origin(rel string, line []byte) *Day {
	var origin *Day
	for i, d := range r.earlier {
		data, err := os.ReadFile(filepath.Join(d.Dir, filepath.FromSlash(rel)))
		if err != nil || !hasLine(data, line) {
			break
		}
		origin = &r.earlier[i]
	}
	return origin
}

// hasLine reports whether data holds line as a whole line, whatever its end.
func hasLine(data, line []byte) bool {
	for l := range bytes.Lines(data) {
		if bytes.Equal(bytes.TrimRight(l, "\r\n"), bytes.TrimRight(line, "\r\n")) {
			return true
		}
	}
	return false
}

// renumber rewrites each mention of an exercise in line, written on the
// day origin, as this day names it.
func (r *renumberer) renumber(line []byte, origin Day) ([]byte, error) {
	then, err := r.exercisesOf(origin)
	if err != nil {
		return nil, err
	}
	today := func(n int) (int, bool) { // this day's number for that day's exercise n
		of := Of(then, n)
		for _, e := range r.own {
			if slices.ContainsFunc(of, func(o Exercise) bool { return o.File == e.File && o.Func == e.Func }) {
				return e.N, true
			}
		}
		return 0, false
	}
	return exerciseRef.ReplaceAllFunc(line, func(m []byte) []byte {
		sub := exerciseRef.FindSubmatch(m)
		n, _ := strconv.Atoi(string(sub[1])) // the pattern allows only digits
		if len(Of(then, n)) == 0 {
			return m // not one of that day's exercises: leave it
		}
		if len(sub[2]) > 0 { // a range, "exercises 2 to 5": name that day's
			return []byte(origin.Name + "'s " + string(m))
		}
		if k, ok := today(n); ok {
			return fmt.Appendf(nil, "exercise %d", k)
		}
		return fmt.Appendf(nil, "%s's exercise %d", origin.Name, n)
	}), nil
}

// exercisesOf returns the functions of the exercises of the day d, as
// its sidecar names them: each section's first function and the functions
// listed after it. It reads that one file, not the day's code, so that
// what a day's checks read of an earlier day stays small, and go test,
// which reruns the checks when a file they read changes, reruns them for
// little else. A day without a sidecar, or whose sections skip a number,
// is read whole.
func (r *renumberer) exercisesOf(d Day) ([]Exercise, error) {
	if e, ok := r.exercises[d.Dir]; ok {
		return e, nil
	}
	sections, err := readSidecar(d.Dir)
	var e []Exercise
	for _, s := range sortedSections(sections) {
		e = append(e, Exercise{N: s.n, File: s.file, Func: s.fn})
		for _, l := range s.funcs {
			e = append(e, Exercise{N: s.n, File: l.file, Func: l.fn})
		}
	}
	if err != nil || len(sections) == 0 || len(sections) != len(Numbers(e)) || !gapless(Numbers(e)) {
		if e, err = Exercises(d.Dir); err != nil {
			return nil, fmt.Errorf("renumber the tests %s inherits: %w", filepath.Base(r.dayDir), err)
		}
	}
	r.exercises[d.Dir] = e
	return e, nil
}

// gapless reports whether numbers, in order, run 1, 2, 3 … without a gap.
func gapless(numbers []int) bool {
	for i, n := range numbers {
		if n != i+1 {
			return false
		}
	}
	return true
}
