package lab

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// A shape is what a type's zero value looks like in source.
type shape int

const (
	composite shape = iota // structs and arrays: T{}
	nilable                // pointers, slices, maps, channels, functions, interfaces: nil
	text                   // strings: ""
	number                 // integers, floats, complex numbers: 0
	boolean                // false
)

// zero returns the zero value of a type of shape s, written typ in source.
func (s shape) zero(typ string) string {
	switch s {
	case composite:
		return typ + "{}"
	case text:
		return `""`
	case number:
		return "0"
	case boolean:
		return "false"
	}
	return "nil"
}

// builtinShapes are the shapes of the predeclared types. A hole's own
// error result is not nil but errors.New (see holeValue); error here is a
// type declared as error, which is an interface like any other.
var builtinShapes = map[string]shape{
	"any": nilable, "error": nilable,
	"bool":   boolean,
	"string": text,
	"byte":   number, "rune": number, "uintptr": number,
	"int": number, "int8": number, "int16": number, "int32": number, "int64": number,
	"uint": number, "uint8": number, "uint16": number, "uint32": number, "uint64": number,
	"float32": number, "float64": number, "complex64": number, "complex128": number,
}

// stdShapes are the shapes of the few types of the standard library that
// holes return by value, by import path and name: a wait, a moment.
var stdShapes = map[string]shape{
	"time.Duration": number,
	"time.Time":     composite,
}

// zeros finds the shape of the types that holes return. It reads the
// declarations of the day's own packages when it first needs them.
type zeros struct {
	dayDir string                         // the day's folder, where its module's import paths start
	module string                         // the day's module path, such as "ply/day01"
	types  map[string]map[string]typeDecl // by package folder, then type name
	names  map[string]string              // the package's name, by package folder
}

// typeDecl is one named type, with the file it is declared in: the file's
// imports say what the qualified names in its declaration mean.
type typeDecl struct {
	spec *ast.TypeSpec
	file *ast.File
}

// newZeros returns a zeros for the day in dayDir.
func newZeros(dayDir string) (*zeros, error) {
	mod, err := readGoMod(dayDir)
	if err != nil {
		return nil, err
	}
	return &zeros{dayDir: dayDir, module: mod.Module, types: map[string]map[string]typeDecl{}, names: map[string]string{}}, nil
}

// shape returns the shape of the type typ, written in file, a file of the
// package in the folder dir.
func (z *zeros) shape(typ ast.Expr, file *ast.File, dir string) (shape, error) {
	switch t := typ.(type) {
	case *ast.Ident:
		if s, ok := builtinShapes[t.Name]; ok {
			return s, nil
		}
		return z.named(dir, t.Name)
	case *ast.SelectorExpr:
		return z.qualified(t, file)
	case *ast.ParenExpr:
		return z.shape(t.X, file, dir)
	case *ast.IndexExpr: // a generic type, instantiated
		return z.shape(t.X, file, dir)
	case *ast.IndexListExpr:
		return z.shape(t.X, file, dir)
	case *ast.ArrayType:
		if t.Len == nil { // a slice
			return nilable, nil
		}
		return composite, nil
	case *ast.StructType:
		return composite, nil
	case *ast.StarExpr, *ast.MapType, *ast.ChanType, *ast.FuncType, *ast.InterfaceType:
		return nilable, nil
	}
	return 0, fmt.Errorf("%w: unexpected type syntax %T", ErrNoZero, typ)
}

// named returns the shape of the type called name in the package in dir,
// which has the shape of the type it is declared as.
func (z *zeros) named(dir, name string) (shape, error) {
	types, err := z.packageTypes(dir)
	if err != nil {
		return 0, err
	}
	decl, ok := types[name]
	if !ok {
		return 0, fmt.Errorf("%w: no type %s in %s", ErrNoZero, name, dir)
	}
	return z.shape(decl.spec.Type, decl.file, dir)
}

// qualified returns the shape of pkg.Name, a type of another package of
// the day, found in its folder. The holes of the days return no type from
// outside the day's module but pointers, which need no lookup.
func (z *zeros) qualified(sel *ast.SelectorExpr, file *ast.File) (shape, error) {
	pkg, ok := sel.X.(*ast.Ident)
	if !ok {
		return 0, fmt.Errorf("%w: unexpected type syntax", ErrNoZero)
	}
	for _, spec := range file.Imports {
		importPath, err := strconv.Unquote(spec.Path.Value)
		if err != nil {
			continue // the parser accepted it, so this cannot happen
		}
		if s, ok := stdShapes[importPath+"."+sel.Sel.Name]; ok && pkg.Name == importName(spec, importPath) {
			return s, nil
		}
		rest, ok := strings.CutPrefix(importPath, z.module)
		if !ok || (rest != "" && rest[0] != '/') {
			continue
		}
		dir := filepath.Join(z.dayDir, filepath.FromSlash(rest))
		name := ""
		if spec.Name != nil {
			name = spec.Name.Name
		} else if name, err = z.packageName(dir); err != nil {
			return 0, err
		}
		if name == pkg.Name {
			return z.named(dir, sel.Sel.Name)
		}
	}
	return 0, fmt.Errorf("%w: %s.%s is not a type of the day's module; return a pointer to it, or a type of the day", ErrNoZero, pkg.Name, sel.Sel.Name)
}

// packageName returns the name of the package in dir, as its files say.
func (z *zeros) packageName(dir string) (string, error) {
	if _, err := z.packageTypes(dir); err != nil {
		return "", err
	}
	return z.names[dir], nil
}

// packageTypes returns the types declared in the package in dir, by name.
// Test files are left out: a hole is in code, and code cannot see them.
func (z *zeros) packageTypes(dir string) (map[string]typeDecl, error) {
	if types, ok := z.types[dir]; ok {
		return types, nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("read the types of %s: %w", dir, err)
	}
	types := map[string]typeDecl{}
	fset := token.NewFileSet()
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		z.names[dir] = f.Name.Name
		for _, decl := range f.Decls {
			if gen, ok := decl.(*ast.GenDecl); ok && gen.Tok == token.TYPE {
				for _, spec := range gen.Specs {
					spec := spec.(*ast.TypeSpec) // a type declaration holds only TypeSpecs
					types[spec.Name.Name] = typeDecl{spec: spec, file: f}
				}
			}
		}
	}
	z.types[dir] = types
	return types, nil
}

// importName is the name a file gives the package it imports from
// importPath: its own name for it, or the path's last element, which is
// the name of every package of the standard library, or for a path that
// ends in a major version, such as mvdan.cc/sh/v3, the element before.
func importName(spec *ast.ImportSpec, importPath string) string {
	if spec.Name != nil {
		return spec.Name.Name
	}
	parts := strings.Split(importPath, "/")
	last := parts[len(parts)-1]
	if len(parts) > 1 && len(last) > 1 && last[0] == 'v' && strings.Trim(last[1:], "0123456789") == "" {
		return parts[len(parts)-2]
	}
	return last
}
