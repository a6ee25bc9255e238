package lab

import (
	"cmp"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// An Exercise is one function a student writes. In the starter its body
// is a hole.
type Exercise struct {
	N        int      // the exercise number, from 1
	File     string   // the file, slash-separated and relative to the day, such as "llm/mock.go"
	Func     string   // the function, such as "reply", or a method, such as "Agent.Send"
	Contract string   // what the function must do, on one line
	Hints    []string // the hint ladder, level 1 first; only the exercise's first function has one
	Line     int      // the line of the //lab:exercise directive in File, or of the function when Listed
	Listed   int      // the line of the day's SidecarFile that adds the function to its exercise; 0 when its contract is in the code
	HintLine int      // the line in File of a ladder still written as //lab:hint lines, the old place; 0 when there is none
	Scripts  []string // the scripts of the day's testscript suite that wait for the exercise, named on its first function
	Test     bool     // a write-a-test exercise: Func is a TestXxx the student writes
}

// The directives, as they start a comment line.
const (
	exerciseDirective = "//lab:exercise"
	hintDirective     = "//lab:hint"
)

// lookalike matches a comment that a reader would take for a directive:
// "// lab:exercise", "//lab :hint", "//Lab:exrecise", "// lab exercise 3".
var lookalike = regexp.MustCompile(`(?i)^//\s*lab\s*:|^//\s*lab\s+(exercise|hint)\b`)

// mayHoldDirective matches the start of any comment that a directive or a
// lookalike begins with: a file without one holds neither, and need not
// be parsed.
var mayHoldDirective = regexp.MustCompile(`(?i)//\s*lab\b`)

// Exercises returns the exercises declared in the day's Go code and its
// SidecarFile, ordered by number, each exercise's first function first
// (the one whose contract is in the code), then by file and line. Every
// misplaced, malformed or lookalike directive is reported, each as a
// *PosError naming its file and line, and so is a line of the sidecar that
// does not fit the code, and a gap in the numbers; the exercises found are
// returned with the error.
//
// The lab's format before the sidecar, a ladder of //lab:hint lines and a
// //lab:exercise line on each function of an exercise, is still read, so
// that a day not yet moved builds; [OldPlace] names each such line.
func Exercises(dayDir string) ([]Exercise, error) {
	files, err := goFiles(dayDir)
	if err != nil {
		return nil, err
	}
	var exercises []Exercise
	var errs []error
	for _, rel := range files {
		found, err := fileExercises(dayDir, rel)
		exercises = append(exercises, found...)
		if err != nil {
			errs = append(errs, err)
		}
	}
	sections, err := readSidecar(dayDir)
	if err != nil {
		errs = append(errs, err)
	}
	exercises, sideErrs := applySidecar(dayDir, exercises, sections)
	errs = append(errs, sideErrs...)
	slices.SortFunc(exercises, func(a, b Exercise) int {
		listed := func(e Exercise) bool { return e.Listed != 0 }
		return cmp.Or(cmp.Compare(a.N, b.N), compareBool(listed(a), listed(b)),
			strings.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line))
	})
	errs = append(errs, checkLadders(dayDir, exercises)...)
	if err := checkNumbers(exercises); err != nil {
		errs = append(errs, fmt.Errorf("%s: %w", dayDir, err))
	}
	return exercises, errors.Join(errs...)
}

// compareBool orders false before true.
func compareBool(a, b bool) int {
	switch {
	case a == b:
		return 0
	case a:
		return 1
	}
	return -1
}

// Numbers returns the numbers of the exercises, once each, in order.
func Numbers(exercises []Exercise) []int {
	var numbers []int
	for _, e := range exercises {
		if !slices.Contains(numbers, e.N) {
			numbers = append(numbers, e.N)
		}
	}
	slices.Sort(numbers)
	return numbers
}

// Of returns the functions of exercise n, first function first.
func Of(exercises []Exercise, n int) []Exercise {
	var of []Exercise
	for _, e := range exercises {
		if e.N == n {
			of = append(of, e)
		}
	}
	return of
}

// goFiles lists the Go files of the day's module, as the go command sees
// them: folders named testdata or starting with . or _ are left out, and
// so are nested modules, such as the playground.
func goFiles(dayDir string) ([]string, error) {
	var files []string
	fsys := os.DirFS(dayDir)
	err := fs.WalkDir(fsys, ".", func(rel string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && rel != "." && (skippedDir(d.Name()) || isModule(fsys, rel)) {
			return fs.SkipDir
		}
		if !d.IsDir() && path.Ext(rel) == ".go" {
			files = append(files, rel)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("find the Go files of %s: %w", dayDir, err)
	}
	return files, nil
}

// skippedDir reports whether the go command ignores folders named name.
func skippedDir(name string) bool {
	return name == "testdata" || strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_")
}

// isModule reports whether the folder dir of fsys holds a module of its own.
func isModule(fsys fs.FS, dir string) bool {
	_, err := fs.Stat(fsys, path.Join(dir, "go.mod"))
	return err == nil
}

// fileExercises returns the exercises declared in the file rel of the
// day, and reports every directive of the file that is not well placed and
// well formed.
func fileExercises(dayDir, rel string) ([]Exercise, error) {
	name := filepath.Join(dayDir, filepath.FromSlash(rel))
	src, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	if !mayHoldDirective.Match(src) {
		return nil, nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	posError := func(c *ast.Comment, err error) error {
		return &PosError{File: name, Line: fset.Position(c.Pos()).Line, Err: err}
	}
	var exercises []Exercise
	var errs []error
	placed := map[*ast.Comment]bool{} // the directives that end the doc of a function with a body
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		block := directives(fn)
		if len(block) == 0 {
			continue
		}
		for _, c := range block {
			placed[c] = true
		}
		e, err := parseBlock(block)
		if err == nil && strings.HasSuffix(rel, "_test.go") {
			e.Test = true
			if !isTestFunc(fn) {
				err = ErrNotATest
			}
		}
		if err != nil {
			errs = append(errs, posError(block[0], err))
			continue
		}
		e.File, e.Func, e.Line = rel, FuncName(fn), fset.Position(block[0].Pos()).Line
		if len(block) > 1 {
			e.HintLine = fset.Position(block[1].Pos()).Line
		}
		exercises = append(exercises, e)
	}
	for _, group := range f.Comments {
		for _, c := range group.List {
			switch {
			case placed[c]:
			case directiveWord(c.Text) != "":
				errs = append(errs, posError(c, ErrMisplaced))
			case lookalike.MatchString(c.Text):
				errs = append(errs, posError(c, fmt.Errorf("%w: %q", ErrLookalike, shorten(c.Text, 40))))
			}
		}
	}
	return exercises, errors.Join(errs...)
}

// directives returns the block of directive lines that ends fn's doc
// comment, or nothing when its last line is no directive.
func directives(fn *ast.FuncDecl) []*ast.Comment {
	if fn.Doc == nil {
		return nil
	}
	list := fn.Doc.List
	start := len(list)
	for start > 0 && directiveWord(list[start-1].Text) != "" {
		start--
	}
	return list[start:]
}

// directiveWord returns "exercise" or "hint" when text is that directive,
// and "" otherwise.
func directiveWord(text string) string {
	for _, d := range []string{exerciseDirective, hintDirective} {
		rest, ok := strings.CutPrefix(text, d)
		if ok && (rest == "" || rest[0] == ' ' || rest[0] == '\t') {
			return strings.TrimPrefix(d, "//lab:")
		}
	}
	return ""
}

// parseBlock reads a block of directives: one //lab:exercise N CONTRACT,
// then the //lab:hint lines of the ladder, in order.
func parseBlock(block []*ast.Comment) (Exercise, error) {
	if directiveWord(block[0].Text) != "exercise" {
		return Exercise{}, ErrHintAlone
	}
	rest := strings.TrimSpace(strings.TrimPrefix(block[0].Text, exerciseDirective))
	number, contract, _ := strings.Cut(rest, " ")
	n, err := strconv.Atoi(number)
	if err != nil || n < 1 {
		return Exercise{}, fmt.Errorf("%w: %q", ErrBadNumber, number)
	}
	e := Exercise{N: n, Contract: strings.TrimSpace(contract)}
	if e.Contract == "" {
		return Exercise{}, fmt.Errorf("%w: exercise %d", ErrNoContract, n)
	}
	for _, c := range block[1:] {
		if directiveWord(c.Text) != "hint" {
			return Exercise{}, fmt.Errorf("%w: one //lab:exercise line per function, first in its block", ErrMisplaced)
		}
		hint := strings.TrimSpace(strings.TrimPrefix(c.Text, hintDirective))
		if hint == "" {
			return Exercise{}, fmt.Errorf("%w: a //lab:hint line with no text", ErrMisplaced)
		}
		e.Hints = append(e.Hints, hint)
	}
	return e, nil
}

// isTestFunc reports whether fn is func TestXxx(t *testing.T), its
// parameter named, so that the hole can call t.Fatal.
func isTestFunc(fn *ast.FuncDecl) bool {
	if fn.Recv != nil || !strings.HasPrefix(fn.Name.Name, "Test") || fn.Type.Results != nil {
		return false
	}
	params := fn.Type.Params.List
	if len(params) != 1 || len(params[0].Names) != 1 || params[0].Names[0].Name == "_" {
		return false
	}
	star, ok := params[0].Type.(*ast.StarExpr)
	if !ok {
		return false
	}
	sel, ok := star.X.(*ast.SelectorExpr)
	if !ok {
		return false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return ok && pkg.Name == "testing" && sel.Sel.Name == "T"
}

// shorten cuts text to at most n runes, marking the cut with "…".
func shorten(text string, n int) string {
	r := []rune(text)
	if len(r) <= n {
		return text
	}
	return string(r[:n]) + "…"
}

// FuncName names fn as a lesson quotes it, and as an Exercise's Func does:
// "reply", or "Agent.Send" for a method.
func FuncName(fn *ast.FuncDecl) string {
	if fn.Recv == nil || len(fn.Recv.List) == 0 {
		return fn.Name.Name
	}
	return receiverName(fn.Recv.List[0].Type) + "." + fn.Name.Name
}

// receiverName returns the name of a receiver's type: Agent for a receiver
// of type Agent, *Agent, Agent[T] or *Agent[T].
func receiverName(typ ast.Expr) string {
	switch t := typ.(type) {
	case *ast.Ident:
		return t.Name
	case *ast.StarExpr:
		return receiverName(t.X)
	case *ast.IndexExpr:
		return receiverName(t.X)
	case *ast.IndexListExpr:
		return receiverName(t.X)
	case *ast.ParenExpr:
		return receiverName(t.X)
	}
	return "" // no receiver the compiler accepts
}

// checkLadders reports hints on any function of an exercise but its
// first, and a write-a-test exercise that is more than its test.
func checkLadders(dayDir string, exercises []Exercise) []error {
	var errs []error
	for _, n := range Numbers(exercises) {
		of := Of(exercises, n)
		for _, e := range of[1:] {
			if len(e.Hints) > 0 {
				errs = append(errs, &PosError{File: filepath.Join(dayDir, filepath.FromSlash(e.File)), Line: e.Line,
					Err: fmt.Errorf("%w: exercise %d starts at %s (%s)", ErrHintPlace, n, of[0].Func, of[0].File)})
			}
		}
		if len(of) > 1 && slices.ContainsFunc(of, func(e Exercise) bool { return e.Test }) {
			errs = append(errs, &PosError{File: filepath.Join(dayDir, filepath.FromSlash(of[0].File)), Line: of[0].Line,
				Err: fmt.Errorf("%w: exercise %d has %d functions; a write-a-test exercise is its test alone", ErrNotATest, n, len(of))})
		}
	}
	return errs
}

// checkNumbers checks that the exercises are numbered 1 to K without a gap.
func checkNumbers(exercises []Exercise) error {
	numbers := Numbers(exercises)
	for i, n := range numbers {
		if n != i+1 {
			return fmt.Errorf("%w: there is an exercise %d but no exercise %d", ErrGap, numbers[len(numbers)-1], i+1)
		}
	}
	return nil
}
