package lab

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path"
	"regexp"
	"strconv"
	"strings"
)

// fixImports returns after, a file whose functions got holes, with the
// imports the holes left unused removed and the "errors" import added when
// a hole needs it. before is the file as it was.
//
// The lab does not type-check, so it knows an import by the name the file
// uses for it (see importName), and removes an import only when that name
// was used before the holes and no longer is. An import whose name the lab
// guesses wrong is kept, and the starter's build then says so.
func fixImports(before, after []byte) ([]byte, error) {
	fset := token.NewFileSet()
	old, err := parser.ParseFile(fset, "", before, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	// With comments, so that an import's doc comment goes with it.
	f, err := parser.ParseFile(fset, "", after, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	usedBefore, usedAfter := packageNames(old), packageNames(f)
	offset := func(p token.Pos) int { return fset.Position(p).Offset }
	var edits []edit
	for _, decl := range importDecls(f) {
		var unused []*ast.ImportSpec
		for _, spec := range decl.Specs {
			spec := spec.(*ast.ImportSpec) // an import declaration holds only ImportSpecs
			if name := importName(spec); usedBefore[name] && !usedAfter[name] {
				unused = append(unused, spec)
			}
		}
		if len(unused) == len(decl.Specs) {
			edits = append(edits, edit{lineStart(after, offset(startOf(decl))), nextLine(after, offset(decl.End())), ""})
			continue
		}
		for _, spec := range unused {
			edits = append(edits, edit{lineStart(after, offset(startOf(spec))), nextLine(after, offset(spec.End())), ""})
		}
	}
	if _, imported := importedAs(f, "errors"); usedAfter["errors"] && !imported {
		edits = append(edits, addErrors(f, after, offset))
	}
	return apply(after, edits), nil
}

// packageNames returns the names that f uses as packages: the X of every
// X.Sel where X is a plain name. Fields of local variables are in the set
// too; that can only keep an import, never remove one still in use.
func packageNames(f *ast.File) map[string]bool {
	names := map[string]bool{}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if x, ok := sel.X.(*ast.Ident); ok {
				names[x.Name] = true
			}
		}
		return true
	})
	return names
}

// importDecls returns f's import declarations.
func importDecls(f *ast.File) []*ast.GenDecl {
	var decls []*ast.GenDecl
	for _, decl := range f.Decls {
		if gen, ok := decl.(*ast.GenDecl); ok && gen.Tok == token.IMPORT {
			decls = append(decls, gen)
		}
	}
	return decls
}

// addErrors returns the edit that imports "errors" into f, whose source
// is src: in the group of the first standard library import, where
// go/format sorts it into place, or in a group of its own at the top.
func addErrors(f *ast.File, src []byte, offset func(token.Pos) int) edit {
	decls := importDecls(f)
	if len(decls) == 0 {
		at := nextLine(src, offset(f.Name.End()))
		return edit{at, at, "\nimport \"errors\"\n"}
	}
	decl := decls[0]
	if !decl.Lparen.IsValid() {
		at := lineStart(src, offset(startOf(decl)))
		return edit{at, at, "import \"errors\"\n"}
	}
	for _, spec := range decl.Specs {
		if spec := spec.(*ast.ImportSpec); isStandard(importPath(spec)) {
			at := lineStart(src, offset(startOf(spec)))
			return edit{at, at, "\t\"errors\"\n"}
		}
	}
	at := nextLine(src, offset(decl.Lparen))
	return edit{at, at, "\t\"errors\"\n\n"}
}

// startOf returns where a declaration or an import begins: at its doc
// comment when it has one.
func startOf(n ast.Node) token.Pos {
	switch n := n.(type) {
	case *ast.GenDecl:
		if n.Doc != nil {
			return n.Doc.Pos()
		}
	case *ast.ImportSpec:
		if n.Doc != nil {
			return n.Doc.Pos()
		}
	}
	return n.Pos()
}

// importedAs returns the path of the package that f imports as name.
func importedAs(f *ast.File, name string) (string, bool) {
	for _, spec := range f.Imports {
		if importName(spec) == name {
			return importPath(spec), true
		}
	}
	return "", false
}

// majorVersion matches the last element of a path such as mvdan.cc/sh/v3.
var majorVersion = regexp.MustCompile(`^v[0-9]+$`)

// importName returns the name by which a file refers to an import: the
// name it gives, or the one a package conventionally has: the last element
// of its path, skipping a major version such as /v2, without a go- prefix
// or a .v3 suffix. Blank and dot imports are named _ and . and are never
// referred to.
func importName(spec *ast.ImportSpec) string {
	if spec.Name != nil {
		return spec.Name.Name
	}
	p := importPath(spec)
	name := path.Base(p)
	if majorVersion.MatchString(name) {
		name = path.Base(path.Dir(p))
	}
	name = strings.TrimPrefix(name, "go-")
	name, _, _ = strings.Cut(name, ".")
	return name
}

// importPath returns the path that spec imports.
func importPath(spec *ast.ImportSpec) string {
	p, err := strconv.Unquote(spec.Path.Value)
	if err != nil {
		return spec.Path.Value // the parser accepted it, so this cannot happen
	}
	return p
}

// isStandard reports whether the import path p is in the standard library,
// whose paths have no dot in their first element.
func isStandard(p string) bool {
	first, _, _ := strings.Cut(p, "/")
	return !strings.Contains(first, ".")
}
