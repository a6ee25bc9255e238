package lab

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"slices"
	"strings"
)

// splice returns the course's Go file name, whose content is course, with
// the student's own versions, from mine, of the functions called funcs
// (as FuncName names them), and the declarations the student added that
// the course's file does not have, such as helpers, with the imports put
// right. What else the student changed in the file is left out, and named
// in the second result, by declaration. A function funcs names that mine
// lacks stays as the course has it: a hole.
func splice(name string, course, mine []byte, funcs []string) ([]byte, []string, error) {
	cset, mset := token.NewFileSet(), token.NewFileSet()
	cf, err := parser.ParseFile(cset, name, course, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, nil, err
	}
	mf, err := parser.ParseFile(mset, name, mine, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, nil, err
	}
	declared := map[string]bool{} // the course file's declarations, by name
	courseText := map[string]string{}
	for _, decl := range cf.Decls {
		for _, n := range declNames(decl) {
			declared[n] = true
			courseText[n] = normalize([]byte(declText(cset, course, decl)))
		}
	}
	var edits []edit
	var added []string
	var left []string
	for _, decl := range mf.Decls {
		names := declNames(decl)
		text := declText(mset, mine, decl)
		switch {
		case len(names) == 0: // the imports: put right below
		case len(names) == 1 && slices.Contains(funcs, names[0]):
			fn := findFunc(cf, names[0])
			if fn == nil {
				continue
			}
			start, end := declRange(cset, fn)
			edits = append(edits, edit{start, end, text})
		case !slices.ContainsFunc(names, func(n string) bool { return declared[n] }) && !slices.Contains(names, "init"):
			added = append(added, text)
		default:
			for _, n := range names {
				if declared[n] && courseText[n] != normalize([]byte(text)) {
					left = append(left, n)
				}
			}
			if slices.Contains(names, "init") {
				left = append(left, "init")
			}
		}
	}
	out := apply(course, edits)
	if len(added) > 0 {
		out = append(bytes.TrimRight(out, "\n"), []byte("\n\n"+strings.Join(added, "\n\n")+"\n")...)
	}
	out = addImports(out, cf, mf)
	fixed, err := fixImports(name, out)
	if err != nil {
		return nil, nil, err
	}
	return fixed, left, nil
}

// declNames returns the names a top-level declaration declares: a
// function's as FuncName gives it, or each type, var and const; none for
// imports.
func declNames(decl ast.Decl) []string {
	switch d := decl.(type) {
	case *ast.FuncDecl:
		return []string{FuncName(d)}
	case *ast.GenDecl:
		var names []string
		for _, spec := range d.Specs {
			switch s := spec.(type) {
			case *ast.TypeSpec:
				names = append(names, s.Name.Name)
			case *ast.ValueSpec:
				for _, id := range s.Names {
					names = append(names, id.Name)
				}
			}
		}
		return names
	}
	return nil
}

// declText returns the source of decl, its doc comment included.
func declText(fset *token.FileSet, src []byte, decl ast.Decl) string {
	start := decl.Pos()
	switch d := decl.(type) {
	case *ast.FuncDecl:
		if d.Doc != nil {
			start = d.Doc.Pos()
		}
	case *ast.GenDecl:
		if d.Doc != nil {
			start = d.Doc.Pos()
		}
	}
	return string(src[fset.Position(start).Offset:fset.Position(decl.End()).Offset])
}

// addImports returns out, the course's file after the splice, with an
// import of each package that mine, the student's file, imports and the
// course's file does not. fixImports then drops those nothing uses.
func addImports(out []byte, cf, mf *ast.File) []byte {
	have := map[string]bool{}
	for _, imp := range cf.Imports {
		have[imp.Path.Value] = true
	}
	var lines []string
	for _, imp := range mf.Imports {
		if have[imp.Path.Value] {
			continue
		}
		if imp.Name != nil {
			lines = append(lines, fmt.Sprintf("\t%s %s", imp.Name.Name, imp.Path.Value))
		} else {
			lines = append(lines, "\t"+imp.Path.Value)
		}
	}
	if len(lines) == 0 {
		return out
	}
	// After the package clause, which ends the first line that starts
	// with "package ".
	i := bytes.Index(out, []byte("\npackage "))
	if bytes.HasPrefix(out, []byte("package ")) {
		i = -1
	}
	end := bytes.IndexByte(out[i+1:], '\n')
	if end < 0 {
		return out
	}
	at := i + 1 + end + 1
	block := "\nimport (\n" + strings.Join(lines, "\n") + "\n)\n"
	return append(append(bytes.Clone(out[:at]), block...), out[at:]...)
}
