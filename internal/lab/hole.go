package lab

import (
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"go/types"
	"path/filepath"
	"strings"
	"unicode/utf8"
)

// holeWidth is how many columns a hole's comment lines may take after
// their tab, so that with a tab of four they end by column 80.
const holeWidth = 76

// starterFile returns the starter's version of the Go file name, whose
// source is src and whose exercises are given. Every directive is dropped,
// and the function of each exercise that keep does not keep gets a hole,
// whose zero values z finds. The result is gofmt-formatted.
func starterFile(z *zeros, name string, src []byte, exercises []Exercise, keep func(Exercise) bool) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	atLine := map[int]Exercise{} // the exercises of the file, by the line of their directive
	for _, e := range exercises {
		atLine[e.Line] = e
	}
	offset := func(p token.Pos) int { return fset.Position(p).Offset }
	var edits []edit
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Body == nil || directive(fn) == nil {
			continue
		}
		line := fset.Position(directive(fn).Pos()).Line
		e, ok := atLine[line]
		if !ok {
			return nil, fmt.Errorf("%s:%d: a directive that is not among the exercises given", name, line)
		}
		edits = append(edits, dropDirective(src, fn.Doc, offset))
		if keep(e) {
			continue
		}
		body, err := hole(z, e, fn, f, filepath.Dir(name))
		if err != nil {
			return nil, &PosError{File: name, Line: fset.Position(fn.Pos()).Line, Err: err}
		}
		edits = append(edits, edit{offset(fn.Body.Lbrace), offset(fn.Body.Rbrace) + 1, body})
	}
	out, err := fixImports(src, apply(src, edits))
	if err != nil {
		return nil, fmt.Errorf("%s: fix the imports after the holes: %w", name, err)
	}
	if out, err = format.Source(out); err != nil {
		return nil, fmt.Errorf("%s: format the file with holes: %w", name, err)
	}
	return out, nil
}

// dropDirective returns the edit that removes the directive ending doc,
// with the empty comment line that sets it apart, if there is one.
func dropDirective(src []byte, doc *ast.CommentGroup, offset func(token.Pos) int) edit {
	list := doc.List
	first := list[len(list)-1]
	if len(list) > 1 && list[len(list)-2].Text == "//" {
		first = list[len(list)-2]
	}
	return edit{lineStart(src, offset(first.Pos())), nextLine(src, offset(list[len(list)-1].End())), ""}
}

// hole returns the body that replaces fn's in the starter: the hint, where
// to read more, and a return of zero values. fn is declared in file, in the
// package in the folder dir.
func hole(z *zeros, e Exercise, fn *ast.FuncDecl, file *ast.File, dir string) (string, error) {
	var b strings.Builder
	b.WriteString("{\n")
	for _, line := range wrap(fmt.Sprintf("TODO(lab %d): %s", e.N, e.Hint), holeWidth-len("// ")) {
		fmt.Fprintf(&b, "\t// %s\n", line)
	}
	fmt.Fprintf(&b, "\t// See \"Exercise %d\" in README.md.\n", e.N)
	var values []string
	if fn.Type.Results != nil {
		for _, field := range fn.Type.Results.List {
			value, err := holeValue(z, e, field.Type, file, dir)
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

// holeValue returns what a hole returns for a result of type typ: its
// zero value, except that an error is one that says the exercise is not
// done, so that an unfinished exercise never passes for a success.
func holeValue(z *zeros, e Exercise, typ ast.Expr, file *ast.File, dir string) (string, error) {
	if id, ok := typ.(*ast.Ident); ok && id.Name == "error" {
		return fmt.Sprintf("errors.New(\"exercise %d is not done yet\")", e.N), nil
	}
	s, err := z.shape(typ, file, dir)
	if err != nil {
		return "", fmt.Errorf("%s: result %s: %w", e.Func, types.ExprString(typ), err)
	}
	return s.zero(types.ExprString(typ)), nil
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
