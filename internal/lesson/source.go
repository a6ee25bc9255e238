package lesson

import (
	"bytes"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"golang.org/x/tools/txtar"

	"ply/internal/lab"
)

// Source returns the code that q stands for, read from codeDir, and the
// line of q.File where that code starts.
func Source(codeDir string, q Quote) (string, int, error) {
	name := filepath.Join(codeDir, filepath.FromSlash(q.File))
	src, err := os.ReadFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return "", 0, fmt.Errorf("quote of %s: %w: %s", q, ErrNoFile, name)
	}
	if err != nil {
		return "", 0, fmt.Errorf("quote of %s: %w", q, err)
	}
	if q.Name == "" {
		return string(src), 1, nil
	}
	if path.Ext(q.File) == ".txtar" {
		return archiveFile(src, q, name)
	}
	if path.Ext(q.File) != ".go" {
		return "", 0, fmt.Errorf("quote of %s: %w: only a Go file or a txtar archive has parts to quote", q, ErrNoName)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return "", 0, fmt.Errorf("quote of %s: %w", q, err)
	}
	decl := findDecl(f, q.Name)
	if decl == nil {
		return "", 0, fmt.Errorf("quote of %s: %w in %s", q, ErrNoName, name)
	}
	start, end := fset.Position(decl.Pos()), fset.Position(decl.End())
	return string(src[start.Offset:lineEnd(src, end.Offset)]), start.Line, nil
}

// archiveFile returns the file of the txtar archive src, the file name,
// that q names, and the line of name where its content starts.
func archiveFile(src []byte, q Quote, name string) (string, int, error) {
	a := txtar.Parse(src)
	line := strings.Count(string(a.Comment), "\n") + 1
	for _, f := range a.Files {
		line++ // the -- name -- line
		if f.Name == q.Name {
			return string(f.Data), line, nil
		}
		line += strings.Count(string(f.Data), "\n")
	}
	return "", 0, fmt.Errorf("quote of %s: %w: the archive %s has no file %s", q, ErrNoName, name, q.Name)
}

// findDecl returns the top-level declaration of f that declares name, or a
// method when name is Type.Method; nil when there is none.
func findDecl(f *ast.File, name string) ast.Decl {
	isMethod := strings.Contains(name, ".")
	for _, decl := range f.Decls {
		switch d := decl.(type) {
		case *ast.FuncDecl:
			if lab.FuncName(d) == name {
				return d
			}
		case *ast.GenDecl:
			if !isMethod && declares(d, name) {
				return d
			}
		}
	}
	return nil
}

// declares reports whether one of d's specs declares name.
func declares(d *ast.GenDecl, name string) bool {
	for _, spec := range d.Specs {
		switch s := spec.(type) {
		case *ast.TypeSpec:
			if s.Name.Name == name {
				return true
			}
		case *ast.ValueSpec:
			for _, n := range s.Names {
				if n.Name == name {
					return true
				}
			}
		}
	}
	return false
}

// lineEnd returns the offset of the end of the line holding offset, before
// its newline: a declaration's last line ends with what follows it there,
// such as a comment.
func lineEnd(src []byte, offset int) int {
	if i := bytes.IndexByte(src[offset:], '\n'); i >= 0 {
		return offset + i
	}
	return len(src)
}
