package lab

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// wrongDir is the folder of a day's answer key that holds its wrong
// answers: solutions/dayNN/wrong/NAME.go.
const wrongDir = "wrong"

// A Wrong is a tempting wrong answer to an exercise, kept as code so that
// the course can show that its checks catch it. It lives in
// solutions/dayNN/wrong/NAME.go, written by hand, with a header:
//
//	// Wrong: bufio.Scanner gives up on a line over 64 KiB, and every hit after it is lost.
//	// Exercise: 4
//	// Caught by: TestSearchLines/long_line, self-check "search reads a line of any length"
//	// Test exercise: 6
//	package tools
//
//	import "bufio"
//
//	func searchLines(...) ... { ... }
//
// Each function of the file replaces the function or method of the same
// name among exercise N's; a function of another name is a helper of the
// wrong answer. Imports are put right by the lab.
type Wrong struct {
	Name         string  // the file's name without .go: the slug that names it, such as "scanner"
	File         string  // the file, as the lab was given it
	Why          string  // the Wrong: field, what is wrong with it
	Exercise     int     // the exercise it answers
	CaughtBy     []Claim // the checks that must fail with it in place
	TestExercise int     // the write-a-test exercise whose test must catch it; 0 for none
	Package      string  // its package clause: the package of the exercise
	Funcs        []string
	src          []byte
}

// A Claim names one check that a wrong answer must fail: a test, as go
// test -run names it, or a line of the self-check.
type Claim struct {
	Test      string // such as "TestSearchLines/long_line"; "" for a self-check line
	SelfCheck string // the check's name, such as "search reads a line of any length"
}

func (c Claim) String() string {
	if c.Test != "" {
		return c.Test
	}
	return fmt.Sprintf("self-check %q", c.SelfCheck)
}

// WrongAnswers reads the wrong answers of a day from its answer key's
// folder, keyDir (solutions/dayNN), sorted by name, and checks each
// against the day's exercises. A key with no wrong/ folder has none.
func WrongAnswers(keyDir string, exercises []Exercise) ([]Wrong, error) {
	dir := filepath.Join(keyDir, wrongDir)
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var wrongs []Wrong
	var errs []error
	for _, e := range entries {
		if e.IsDir() || filepath.Ext(e.Name()) != ".go" {
			continue
		}
		w, err := readWrong(filepath.Join(dir, e.Name()), exercises)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		wrongs = append(wrongs, w)
	}
	return wrongs, errors.Join(errs...)
}

// readWrong reads and checks the wrong answer in the file name.
func readWrong(name string, exercises []Exercise) (Wrong, error) {
	src, err := os.ReadFile(name)
	if err != nil {
		return Wrong{}, err
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return Wrong{}, fmt.Errorf("%w: %w", ErrWrongAnswer, err)
	}
	fail := func(pos token.Pos, format string, args ...any) error {
		return &PosError{File: name, Line: fset.Position(pos).Line, Err: fmt.Errorf("%w: "+format, append([]any{ErrWrongAnswer}, args...)...)}
	}
	w := Wrong{Name: strings.TrimSuffix(filepath.Base(name), ".go"), File: name, Package: f.Name.Name, src: src}
	if f.Doc == nil {
		return Wrong{}, fail(f.Package, "no header; it starts with // Wrong:, // Exercise: and // Caught by: lines")
	}
	if err := w.readHeader(f.Doc.Text()); err != nil {
		return Wrong{}, fail(f.Doc.Pos(), "%v", err)
	}
	of := Of(exercises, w.Exercise)
	if len(of) == 0 {
		return Wrong{}, fail(f.Doc.Pos(), "Exercise: %d, but the day has no exercise %d", w.Exercise, w.Exercise)
	}
	if w.TestExercise != 0 {
		if t := Of(exercises, w.TestExercise); len(t) == 0 || !t[0].Test {
			return Wrong{}, fail(f.Doc.Pos(), "Test exercise: %d is not a write-a-test exercise of the day", w.TestExercise)
		}
	}
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.GenDecl:
			if d.Tok != token.IMPORT {
				return Wrong{}, fail(d.Pos(), "a wrong answer holds functions only, and its imports")
			}
		case *ast.FuncDecl:
			name := FuncName(d)
			replaces := slices.ContainsFunc(of, func(e Exercise) bool { return e.Func == name })
			if !replaces && d.Recv != nil {
				return Wrong{}, fail(d.Pos(), "method %s is not a function of exercise %d (%s)", name, w.Exercise, funcNames(of))
			}
			w.Funcs = append(w.Funcs, name)
		}
	}
	if !slices.ContainsFunc(w.Funcs, func(name string) bool {
		return slices.ContainsFunc(of, func(e Exercise) bool { return e.Func == name })
	}) {
		return Wrong{}, fail(f.Package, "it replaces none of the functions of exercise %d (%s)", w.Exercise, funcNames(of))
	}
	return w, nil
}

// headerField matches a line of a wrong answer's header that opens a field.
var headerField = regexp.MustCompile(`^(Wrong|Exercise|Caught by|Test exercise):\s*(.*)$`)

// readHeader reads the fields of the header, whose text is doc. A line
// that opens no field goes on with the field before it.
func (w *Wrong) readHeader(doc string) error {
	fields := map[string]string{}
	last := ""
	for _, line := range strings.Split(strings.TrimSpace(doc), "\n") {
		if m := headerField.FindStringSubmatch(line); m != nil {
			last = m[1]
			if _, dup := fields[last]; dup {
				return fmt.Errorf("two %s: fields", last)
			}
			fields[last] = m[2]
			continue
		}
		if last == "" {
			return fmt.Errorf("the header starts with a field, such as Wrong:, not %q", line)
		}
		fields[last] = strings.TrimSpace(fields[last] + " " + line)
	}
	for _, need := range []string{"Wrong", "Exercise", "Caught by"} {
		if strings.TrimSpace(fields[need]) == "" {
			return fmt.Errorf("no %s: field", need)
		}
	}
	w.Why = fields["Wrong"]
	var err error
	if w.Exercise, err = strconv.Atoi(strings.TrimSpace(fields["Exercise"])); err != nil || w.Exercise < 1 {
		return fmt.Errorf("the Exercise: field, %q, is not an exercise number", fields["Exercise"])
	}
	if t, ok := fields["Test exercise"]; ok {
		if w.TestExercise, err = strconv.Atoi(strings.TrimSpace(t)); err != nil || w.TestExercise < 1 {
			return fmt.Errorf("the Test exercise: field, %q, is not an exercise number", t)
		}
	}
	if w.CaughtBy, err = ParseClaims(fields["Caught by"]); err != nil {
		return fmt.Errorf("the Caught by: field: %w", err)
	}
	return nil
}

// testName matches a name that go test -run selects: a test and its subtests.
var testName = regexp.MustCompile(`^Test[^/\s]*(/[^/\s]+)*$`)

// ParseClaims reads a list of checks, as a wrong answer's Caught by:
// field gives them: names of tests and quoted names of self-check lines,
// such as `self-check "x"` or `"x"`, separated by commas.
func ParseClaims(text string) ([]Claim, error) {
	var claims []Claim
	for text = strings.TrimSpace(text); text != ""; {
		var item string
		if i := strings.IndexAny(text, `,"`); i >= 0 && text[i] == '"' {
			end := strings.IndexByte(text[i+1:], '"')
			if end < 0 {
				return nil, fmt.Errorf("a quote is never closed: %s", text)
			}
			prefix := strings.TrimSpace(text[:i])
			if prefix != "" && prefix != "self-check" {
				return nil, fmt.Errorf("%q before a quoted check: want self-check \"name\" or \"name\"", prefix)
			}
			claims = append(claims, Claim{SelfCheck: text[i+1 : i+1+end]})
			text = strings.TrimSpace(text[i+1+end+1:])
		} else {
			item, text, _ = strings.Cut(text, ",")
			item = strings.TrimSpace(item)
			if !testName.MatchString(item) {
				return nil, fmt.Errorf("%q is neither a test name (TestXxx/sub) nor a quoted self-check line", item)
			}
			claims = append(claims, Claim{Test: item})
			text = strings.TrimSpace(text)
			continue
		}
		if rest, ok := strings.CutPrefix(text, ","); ok {
			text = strings.TrimSpace(rest)
		} else if text != "" {
			return nil, fmt.Errorf("want a comma before %q", text)
		}
	}
	if len(claims) == 0 {
		return nil, errors.New("names no check")
	}
	return claims, nil
}

// funcNames lists the functions of exercises, for a message.
func funcNames(exercises []Exercise) string {
	names := make([]string, len(exercises))
	for i, e := range exercises {
		names[i] = e.Func
	}
	return strings.Join(names, ", ")
}
