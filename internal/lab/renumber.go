package lab

import (
	"bytes"
	"errors"
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
// messages. So a message that a later day inherits names the day whose
// exercise it means, "(see day06's exercise 3)", written so on the day
// that wrote it and carried forward unchanged: it says the same in every
// day, and the diff between days stays the layer (MessageProblems checks
// it). A day's own message, which no later day has, may say "(see
// exercise 3)", meaning its own.
//
// In the starter, where a student reads them, the lab renumbers those
// mentions: to the exercise of this day that holds the same function,
// "(see exercise 2)"; or, when the function is no exercise today, to the
// earlier day's by name. A bare mention on a line it can trace to an
// earlier day, as every inherited line was written before the days named
// their exercises, is taken as that day's.

// exerciseRef matches a mention of an exercise by number, or of a range
// of them, with the day it belongs to when it names one; pointer, a
// mention that a parenthesis opens with "see" or "needs", as a test's
// message writes it.
var (
	exerciseRef = regexp.MustCompile(`\b(?:(day[0-9]+)'s )?exercises? ([0-9]+)(?: (?:to|and) ([0-9]+))?\b`)
	pointer     = regexp.MustCompile(`\((?:see|needs) (?:day[0-9]+'s )?exercises? [0-9]`)
)

// renumberer renumbers the inherited test lines of one day.
type renumberer struct {
	dayDir    string
	self      Day                   // the day itself
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
	self := Day{Name: filepath.Base(dayDir), Dir: dayDir}
	var earlier []Day
	for _, d := range days {
		if d.Name < self.Name {
			earlier = append(earlier, d)
		}
	}
	slices.Reverse(earlier)
	r := &renumberer{dayDir: dayDir, self: self, earlier: earlier, exercises: map[string][]Exercise{}, own: exercises}
	r.exercises[dayDir] = exercises
	return r, nil
}

// file returns the test file rel of the day, whose content is src, with
// its inherited mentions of exercises renumbered, and how many it changed.
// Only messages are touched: the string literals passed to t.Error,
// t.Errorf, t.Fatal, t.Fatalf and their kin, and any that points the
// reader to an exercise in parentheses, "(see exercise 3)", as a table of
// cases holds them. Any other string, such as a self-check's output a
// test compares with, is data, and stays as it is.
func (r *renumberer) file(rel string, src []byte) ([]byte, int, error) {
	var edits []edit
	for _, m := range messages(rel, src) {
		origin := r.origin(rel, m.line)
		if origin == nil {
			origin = &r.self // this day's own line
		}
		fixed, err := r.renumber(m.text, *origin)
		if err != nil {
			return nil, 0, err
		}
		if !bytes.Equal(fixed, m.text) {
			edits = append(edits, edit{m.start, m.end, string(fixed)})
		}
	}
	return apply(src, edits), len(edits), nil
}

// A message is a string literal of a test file that mentions an exercise
// and that a reader of a failure reads: an argument of a failure, or a
// pointer in parentheses, as a table of cases holds one.
type message struct {
	start, end int    // where the literal is in the file
	text       []byte // the literal, quotes and all
	line       []byte // the whole line it is on
	n          int    // the line's number, from 1
}

// messages returns the messages of the Go file rel, whose content is src,
// in order. Any other string, such as a self-check's output a test
// compares with, is data.
func messages(rel string, src []byte) []message {
	if !exerciseRef.Match(src) {
		return nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, rel, src, parser.SkipObjectResolution)
	if err != nil {
		return nil // not Go: the build says so
	}
	reported := map[*ast.BasicLit]bool{} // the literals a failure reports
	ast.Inspect(f, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && isFailure(call) {
			for _, arg := range call.Args {
				if lit, ok := arg.(*ast.BasicLit); ok {
					reported[lit] = true
				}
			}
		}
		return true
	})
	var ms []message
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if ok && lit.Kind == token.STRING && (reported[lit] && exerciseRef.MatchString(lit.Value) || pointer.MatchString(lit.Value)) {
			pos := fset.Position(lit.Pos())
			start, end := pos.Offset, fset.Position(lit.End()).Offset
			ms = append(ms, message{start, end, src[start:end], src[lineStart(src, start):nextLine(src, start)], pos.Line})
		}
		return true
	})
	return ms
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
// day origin, as this day names it: a mention of a day's exercise that
// holds a function this day's exercise holds is this day's, with no
// day's name; any other keeps the day it means, by name. A mention with
// no day's name means origin's.
func (r *renumberer) renumber(line []byte, origin Day) ([]byte, error) {
	var err error
	fixed := exerciseRef.ReplaceAllFunc(line, func(m []byte) []byte {
		ref, ok := r.resolve(exerciseRef.FindSubmatch(m), origin)
		if !ok {
			return m // no day's exercise: leave it
		}
		then, rerr := r.exercisesOf(ref.day)
		if err = errors.Join(err, rerr); rerr != nil || len(Of(then, ref.n)) == 0 {
			return m // not one of that day's exercises: leave it
		}
		if ref.last > 0 { // a range, "exercises 2 to 5": name that day's
			if ref.day.Name == r.self.Name {
				return ref.words
			}
			return []byte(ref.day.Name + "'s " + string(ref.words))
		}
		if k, ok := r.today(then, ref.n); ok {
			return fmt.Appendf(nil, "exercise %d", k)
		}
		return fmt.Appendf(nil, "%s's exercise %d", ref.day.Name, ref.n)
	})
	return fixed, err
}

// A reference is a mention of a day's exercise, or of a range of them.
type reference struct {
	day     Day
	named   bool   // the mention names the day
	n, last int    // the exercise, and the last of a range; 0 for none
	words   []byte // the mention without the day's name
}

// resolve reads sub, a match of exerciseRef on a line written on the day
// origin: the day it names, or origin. It reports false when it names a
// day that is neither this one nor an earlier one.
func (r *renumberer) resolve(sub [][]byte, origin Day) (reference, bool) {
	ref := reference{day: origin, named: len(sub[1]) > 0, words: sub[0]}
	if ref.named {
		ref.words = sub[0][len(sub[1])+len("'s "):]
	}
	ref.n, _ = strconv.Atoi(string(sub[2])) // the pattern allows only digits
	ref.last, _ = strconv.Atoi(string(sub[3]))
	if !ref.named {
		return ref, true
	}
	for _, d := range append([]Day{r.self}, r.earlier...) {
		if d.Name == string(sub[1]) {
			ref.day = d
			return ref, true
		}
	}
	return ref, false
}

// today returns this day's number for the exercise n of a day whose
// exercises are then: the exercise that holds the same function.
func (r *renumberer) today(then []Exercise, n int) (int, bool) {
	of := Of(then, n)
	for _, e := range r.own {
		if slices.ContainsFunc(of, func(o Exercise) bool { return o.File == e.File && o.Func == e.Func }) {
			return e.N, true
		}
	}
	return 0, false
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
