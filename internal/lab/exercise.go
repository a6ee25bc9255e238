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
	"slices"
	"strconv"
	"strings"
)

// An Exercise is one function a student writes. In the starter its body
// is a hole.
type Exercise struct {
	N    int    // the exercise number, from 1
	File string // the file, slash-separated and relative to the day, such as "llm/mock.go"
	Func string // the function, such as "reply", or a method, such as "Agent.Send"
	Hint string // what the student should do, on one line
	Line int    // the line of the directive in File
}

// directivePrefix starts every line the lab reads in a day's code.
const directivePrefix = "//lab:"

// Exercises returns the exercises declared in the day's Go code, ordered
// by number, then file and line. Every misplaced or malformed directive
// is reported, each as a *PosError naming its file and line, and so is a
// gap in the numbers; the exercises found are returned with the error.
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
	slices.SortFunc(exercises, func(a, b Exercise) int {
		return cmp.Or(cmp.Compare(a.N, b.N), strings.Compare(a.File, b.File), cmp.Compare(a.Line, b.Line))
	})
	if err := checkNumbers(exercises); err != nil {
		errs = append(errs, fmt.Errorf("%s: %w", dayDir, err))
	}
	return exercises, errors.Join(errs...)
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
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, nil, parser.ParseComments|parser.SkipObjectResolution)
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
		c := directive(fn)
		if c == nil {
			continue
		}
		placed[c] = true
		n, hint, err := parseDirective(c.Text)
		if err != nil {
			errs = append(errs, posError(c, err))
			continue
		}
		line := fset.Position(c.Pos()).Line
		exercises = append(exercises, Exercise{N: n, File: rel, Func: FuncName(fn), Hint: hint, Line: line})
	}
	for _, group := range f.Comments {
		for _, c := range group.List {
			if strings.HasPrefix(c.Text, directivePrefix) && !placed[c] {
				errs = append(errs, posError(c, misplaced(c.Text)))
			}
		}
	}
	return exercises, errors.Join(errs...)
}

// directive returns the comment that ends fn's doc comment when it is a
// lab directive, and nil otherwise.
func directive(fn *ast.FuncDecl) *ast.Comment {
	if fn.Doc == nil {
		return nil
	}
	last := fn.Doc.List[len(fn.Doc.List)-1]
	if !strings.HasPrefix(last.Text, directivePrefix) {
		return nil
	}
	return last
}

// parseDirective reads "//lab:exercise N hint".
func parseDirective(text string) (n int, hint string, err error) {
	rest, ok := strings.CutPrefix(text, "//lab:exercise")
	if !ok || (rest != "" && rest[0] != ' ' && rest[0] != '\t') {
		return 0, "", misplaced(text)
	}
	number, hint, _ := strings.Cut(strings.TrimSpace(rest), " ")
	n, err = strconv.Atoi(number)
	if err != nil || n < 1 {
		return 0, "", fmt.Errorf("%w: %q", ErrBadNumber, number)
	}
	hint = strings.TrimSpace(hint)
	if hint == "" {
		return 0, "", fmt.Errorf("%w: exercise %d", ErrNoHint, n)
	}
	return n, hint, nil
}

// misplaced explains a directive that the lab cannot use where it is.
func misplaced(text string) error {
	word, _, _ := strings.Cut(text, " ")
	if word == "//lab:exercise" {
		return ErrMisplaced
	}
	return fmt.Errorf("%w: %s", ErrUnknownDirective, word)
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

// checkNumbers checks that the exercises are numbered 1 to K without a gap.
func checkNumbers(exercises []Exercise) error {
	if len(exercises) == 0 {
		return nil
	}
	last := exercises[len(exercises)-1].N // sorted by N
	for n := 1; n < last; n++ {
		if !slices.ContainsFunc(exercises, func(e Exercise) bool { return e.N == n }) {
			return fmt.Errorf("%w: there is an exercise %d but no exercise %d", ErrGap, last, n)
		}
	}
	return nil
}
