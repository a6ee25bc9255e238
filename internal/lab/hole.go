package lab

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode/utf8"
)

// holeWidth is how many columns a hole's comment lines may take after
// their tab, so that with a tab of four they end by column 80.
const holeWidth = 76

// MaxContractLines is how many lines of a hole the contract may fill.
const MaxContractLines = 3

// starterFile returns the starter's version of the Go file name, whose
// source is src and whose exercises are given, for the day called day.
// Every directive is dropped, and each exercise function that keep does
// not keep gets a hole, whose zero values z finds. The result is
// gofmt-formatted, with its imports fixed.
func starterFile(z *zeros, day, name string, src []byte, exercises []Exercise, keep func(Exercise) bool) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	byFunc := map[string]Exercise{} // the exercises of the file, by function
	for _, e := range exercises {
		byFunc[e.Func] = e
	}
	holes := map[*ast.FuncDecl]Exercise{}
	offset := func(p token.Pos) int { return fset.Position(p).Offset }
	var edits []edit
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		e, isExercise := byFunc[FuncName(fn)]
		if block := directives(fn); len(block) > 0 {
			if !isExercise {
				return nil, fmt.Errorf("%s:%d: a directive that is not among the exercises given", name, fset.Position(block[0].Pos()).Line)
			}
			edits = append(edits, dropDirectives(src, fn.Doc, len(block), offset))
		}
		if isExercise && !keep(e) {
			holes[fn] = e
		}
	}
	h := &holeMaker{z: z, day: day, file: f, dir: filepath.Dir(name), newError: errorConstructor(f, holes)}
	for _, decl := range f.Decls {
		fn, _ := decl.(*ast.FuncDecl)
		e, isHole := holes[fn]
		if !isHole {
			continue
		}
		body, err := h.body(e, fn)
		if err != nil {
			return nil, &PosError{File: name, Line: fset.Position(fn.Pos()).Line, Err: err}
		}
		edits = append(edits, edit{offset(fn.Body.Lbrace), offset(fn.Body.Rbrace) + 1, body})
	}
	if h.helper {
		if err := checkUnused(filepath.Dir(name), f.Name.Name, notDoneName); err != nil {
			return nil, &PosError{File: name, Line: 1, Err: err}
		}
		edits = append(edits, edit{len(src), len(src), notDoneHelper})
	}
	if len(edits) == 0 {
		return src, nil
	}
	return fixImports(name, apply(src, edits))
}

// dropDirectives returns the edit that removes the n directive lines that
// end doc, with the empty comment line that sets them apart, if there is one.
func dropDirectives(src []byte, doc *ast.CommentGroup, n int, offset func(token.Pos) int) edit {
	list := doc.List
	first := list[len(list)-n]
	if len(list) > n && list[len(list)-n-1].Text == "//" {
		first = list[len(list)-n-1]
	}
	return edit{lineStart(src, offset(first.Pos())), nextLine(src, offset(list[len(list)-1].End())), ""}
}

// A holeMaker writes the holes of one file.
type holeMaker struct {
	z        *zeros
	day      string    // such as "day01"
	file     *ast.File // the file, in the package in the folder dir
	dir      string
	newError string // how a hole makes its error: "errors.New", "fmt.Errorf", or "" for the helper notDone
	helper   bool   // some hole calls notDone, which the file must then declare
}

// body returns the body that replaces fn's in the starter: exercise e's
// contract, where to read more, and a return of zero values, or for a
// test the student writes, a failure that says so.
func (h *holeMaker) body(e Exercise, fn *ast.FuncDecl) (string, error) {
	var b strings.Builder
	b.WriteString("{\n")
	for _, line := range HoleComment(h.day, e) {
		fmt.Fprintf(&b, "\t// %s\n", line)
	}
	if e.Test {
		t := fn.Type.Params.List[0].Names[0].Name
		fmt.Fprintf(&b, "\t%s.Fatal(%q)\n}", t, fmt.Sprintf("exercise %d is not done yet: write this test", e.N))
		return b.String(), nil
	}
	var values []string
	if fn.Type.Results != nil {
		for _, field := range fn.Type.Results.List {
			value, err := h.value(e, field.Type)
			if err != nil {
				return "", err
			}
			for range max(1, len(field.Names)) { // (a, b int) is two results
				values = append(values, value)
			}
		}
	}
	if len(values) > 0 {
		fmt.Fprintf(&b, "\treturn %s\n", strings.Join(values, ", "))
	}
	b.WriteString("}")
	return b.String(), nil
}

// value returns what a hole returns for a result of type typ: its zero
// value, except that an error is one that says the exercise is not done,
// so that an unfinished exercise never passes for a success.
func (h *holeMaker) value(e Exercise, typ ast.Expr) (string, error) {
	if id, ok := typ.(*ast.Ident); ok && id.Name == "error" {
		if h.newError == "" {
			h.helper = true
			return fmt.Sprintf("%s(%d)", notDoneName, e.N), nil
		}
		return fmt.Sprintf("%s(%q)", h.newError, fmt.Sprintf("exercise %d is not done yet", e.N)), nil
	}
	s, err := h.z.shape(typ, h.file, h.dir)
	if err != nil {
		return "", fmt.Errorf("%s: result %s: %w", e.Func, types.ExprString(typ), err)
	}
	return s.zero(types.ExprString(typ)), nil
}

// errorConstructor returns how the holes of file f make their errors: with
// errors.New or fmt.Errorf when the file uses that package outside the
// holes, so that its import stays used once they are filled; otherwise
// "", and they call a helper the starter adds (see notDoneHelper), which
// the student's code never has to remove.
func errorConstructor(f *ast.File, holes map[*ast.FuncDecl]Exercise) string {
	used := map[string]bool{}
	for _, decl := range f.Decls {
		if fn, ok := decl.(*ast.FuncDecl); ok {
			if _, isHole := holes[fn]; isHole {
				continue // its body goes, and its signature names no package value
			}
		}
		ast.Inspect(decl, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok {
					used[id.Name] = true
				}
			}
			return true
		})
	}
	for _, ctor := range []string{"errors.New", "fmt.Errorf"} {
		pkg, _, _ := strings.Cut(ctor, ".")
		if used[pkg] && importsPlain(f, pkg) {
			return ctor
		}
	}
	return ""
}

// importsPlain reports whether f imports the standard package path under
// its own name.
func importsPlain(f *ast.File, path string) bool {
	for _, imp := range f.Imports {
		if imp.Path.Value == strconv.Quote(path) && imp.Name == nil {
			return true
		}
	}
	return false
}

// notDoneName is the helper that the holes of a file call for their error
// when the file has no other use of errors or fmt.
const notDoneName = "notDone"

// notDoneHelper is added at the end of such a file in the starter.
const notDoneHelper = `
// notDone is the error of this file's holes until their exercises are
// done. It lives out here, not in a hole, so that filling a hole never
// leaves an import unused; delete it once no hole calls it.
func notDone(exercise int) error {
	return fmt.Errorf("exercise %d is not done yet", exercise)
}
`

// checkUnused reports an error when a file of the package pkg in the
// folder dir declares name at its top level, where the starter needs it.
func checkUnused(dir, pkg, name string) error {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, entry := range entries {
		if filepath.Ext(entry.Name()) != ".go" {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, entry.Name()), nil, parser.SkipObjectResolution)
		if err != nil || f.Name.Name != pkg {
			continue // another package, or one the build reports
		}
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.Name == name {
				return fmt.Errorf("%s declares %s, the name the starter gives the error of its holes: rename it", entry.Name(), name)
			}
			if gen, ok := decl.(*ast.GenDecl); ok && declaresName(gen, name) {
				return fmt.Errorf("%s declares %s, the name the starter gives the error of its holes: rename it", entry.Name(), name)
			}
		}
	}
	return nil
}

// declaresName reports whether the declaration gen declares name.
func declaresName(gen *ast.GenDecl, name string) bool {
	for _, spec := range gen.Specs {
		switch sp := spec.(type) {
		case *ast.TypeSpec:
			if sp.Name.Name == name {
				return true
			}
		case *ast.ValueSpec:
			for _, id := range sp.Names {
				if id.Name == name {
					return true
				}
			}
		}
	}
	return false
}

// HoleComment returns the lines of the comment that opens exercise e's
// hole in the starter of day, without their "// ": the contract, wrapped,
// then where to read more and how to get hints.
func HoleComment(day string, e Exercise) []string {
	lines := ContractLines(e)
	return append(lines, fmt.Sprintf("See \"Exercise %d\" in README.md; for hints: %s hint %s %d", e.N, Command, day, e.N))
}

// ContractLines returns e's contract as the hole shows it: after
// "TODO(lab N): ", wrapped to fit the hole's width.
func ContractLines(e Exercise) []string {
	return wrap(fmt.Sprintf("TODO(lab %d): %s", e.N, e.Contract), holeWidth-len("// "))
}

// wrap breaks text into lines of at most width characters, between words.
// A word longer than width has a line of its own.
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(text) {
		switch {
		case line == "":
			line = word
		case utf8.RuneCountInString(line)+1+utf8.RuneCountInString(word) <= width:
			line += " " + word
		default:
			lines = append(lines, line)
			line = word
		}
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}
