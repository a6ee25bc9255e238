package lab

import (
	"fmt"
	"go/ast"
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

// MaxContractLines is how many lines of a hole the contract may fill.
const MaxContractLines = 3

// starterFile returns the starter's version of the Go file name, whose
// source is src and whose exercises are given, for the day called day.
// Every directive is dropped, and the function of each exercise that keep
// does not keep gets a hole, whose zero values z finds. The result is
// gofmt-formatted, with its imports fixed.
func starterFile(z *zeros, day, name string, src []byte, exercises []Exercise, keep func(Exercise) bool) ([]byte, error) {
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
		if !ok || fn.Body == nil {
			continue
		}
		block := directives(fn)
		if len(block) == 0 {
			continue
		}
		line := fset.Position(block[0].Pos()).Line
		e, ok := atLine[line]
		if !ok {
			return nil, fmt.Errorf("%s:%d: a directive that is not among the exercises given", name, line)
		}
		edits = append(edits, dropDirectives(src, fn.Doc, len(block), offset))
		if keep(e) {
			continue
		}
		body, err := holeBody(z, day, e, fn, f, filepath.Dir(name))
		if err != nil {
			return nil, &PosError{File: name, Line: fset.Position(fn.Pos()).Line, Err: err}
		}
		edits = append(edits, edit{offset(fn.Body.Lbrace), offset(fn.Body.Rbrace) + 1, body})
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

// holeBody returns the body that replaces fn's in the starter: the
// contract, where to read more, and a return of zero values, or for a test
// the student writes, a failure that says so. fn is declared in file, in
// the package in the folder dir.
func holeBody(z *zeros, day string, e Exercise, fn *ast.FuncDecl, file *ast.File, dir string) (string, error) {
	var b strings.Builder
	b.WriteString("{\n")
	for _, line := range HoleComment(day, e) {
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

// HoleComment returns the lines of the comment that opens exercise e's
// hole in the starter of day, without their "// ": the contract, wrapped,
// then where to read more and how to get hints.
func HoleComment(day string, e Exercise) []string {
	lines := ContractLines(e)
	return append(lines, fmt.Sprintf("See \"Exercise %d\" in README.md; for hints: go run ./cmd/lab hint %s %d", e.N, day, e.N))
}

// ContractLines returns e's contract as the hole shows it: after
// "TODO(lab N): ", wrapped to fit the hole's width.
func ContractLines(e Exercise) []string {
	return wrap(fmt.Sprintf("TODO(lab %d): %s", e.N, e.Contract), holeWidth-len("// "))
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
