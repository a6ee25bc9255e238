package lab

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
)

// A Mutant is a small wrong edit of an exercise function, of the kind a
// student makes by accident: a comparison flipped, a bound moved by one, a
// condition negated, a boolean swapped, a statement left out. The day's
// checks should catch it; one they miss shows where they are weak.
type Mutant struct {
	ID       int    // from 1, in the order of the day's exercises
	Exercise int    // the exercise of the function
	File     string // the function's file, slash-separated, relative to the day
	Func     string // the function, as Exercise.Func names it
	Line     int    // the line of the edit in File
	Change   string // the edit, such as "< → <=" or "delete i++"
	edit     edit   // the edit, in offsets of File
}

func (m Mutant) String() string {
	return fmt.Sprintf("%s:%d: %s (%s, exercise %d)", m.File, m.Line, m.Change, m.Func, m.Exercise)
}

// swaps lists, for each operator, the ones a mutant puts in its place.
var swaps = map[token.Token][]token.Token{
	token.LSS:        {token.LEQ, token.GTR},
	token.LEQ:        {token.LSS},
	token.GTR:        {token.GEQ, token.LSS},
	token.GEQ:        {token.GTR},
	token.EQL:        {token.NEQ},
	token.NEQ:        {token.EQL},
	token.LAND:       {token.LOR},
	token.LOR:        {token.LAND},
	token.ADD:        {token.SUB},
	token.SUB:        {token.ADD},
	token.ADD_ASSIGN: {token.SUB_ASSIGN},
	token.SUB_ASSIGN: {token.ADD_ASSIGN},
	token.INC:        {token.DEC},
	token.DEC:        {token.INC},
}

// Mutants returns the mutants of the day's exercise functions; tests that
// a student writes have none. Each is a function that parses: whether it
// compiles, only the compiler can say (see RunMutants).
func Mutants(dayDir string, exercises []Exercise) ([]Mutant, error) {
	var all []Mutant
	parsed := map[string]*sourceFile{}
	for _, e := range exercises {
		if e.Test {
			continue
		}
		sf := parsed[e.File]
		if sf == nil {
			var err error
			if sf, err = parseSource(filepath.Join(dayDir, filepath.FromSlash(e.File))); err != nil {
				return nil, err
			}
			parsed[e.File] = sf
		}
		fn := sf.fn(e.Func)
		for _, m := range sf.mutate(fn) {
			if !sf.parses(fn, m.edit) {
				continue
			}
			m.ID, m.Exercise, m.File, m.Func = len(all)+1, e.N, e.File, e.Func
			all = append(all, m)
		}
	}
	return all, nil
}

// mutate returns the mutants of fn's body, without their ids and names.
func (sf *sourceFile) mutate(fn *ast.FuncDecl) []Mutant {
	var ms []Mutant
	add := func(at token.Pos, start, end int, text, change string) {
		ms = append(ms, Mutant{Line: sf.fset.Position(at).Line, Change: change, edit: edit{start, end, text}})
	}
	op := func(at token.Pos, tok token.Token) {
		start := sf.off(at)
		for _, to := range swaps[tok] {
			add(at, start, start+len(tok.String()), to.String(), tok.String()+" → "+to.String())
		}
	}
	drop := func(s ast.Stmt) {
		add(s.Pos(), sf.off(s.Pos()), sf.off(s.End()), "", "delete "+sf.text(s))
	}
	negate := func(cond ast.Expr) {
		start, end := sf.off(cond.Pos()), sf.off(cond.End())
		add(cond.Pos(), start, end, "!("+string(sf.src[start:end])+")", "negate "+sf.text(cond))
	}
	ast.Inspect(fn.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BinaryExpr:
			op(n.OpPos, n.Op)
		case *ast.AssignStmt:
			op(n.TokPos, n.Tok)
			if n.Tok == token.ASSIGN {
				drop(n)
			}
		case *ast.IncDecStmt:
			op(n.TokPos, n.Tok)
			drop(n)
		case *ast.ExprStmt:
			drop(n)
		case *ast.BranchStmt:
			if n.Tok == token.BREAK || n.Tok == token.CONTINUE {
				drop(n)
			}
		case *ast.IfStmt:
			negate(n.Cond)
		case *ast.ForStmt:
			if n.Cond != nil {
				negate(n.Cond)
			}
		case *ast.UnaryExpr:
			if n.Op == token.NOT {
				add(n.OpPos, sf.off(n.OpPos), sf.off(n.OpPos)+1, "", "delete ! of "+sf.text(n))
			}
		case *ast.Ident:
			if other, ok := map[string]string{"true": "false", "false": "true"}[n.Name]; ok {
				add(n.Pos(), sf.off(n.Pos()), sf.off(n.End()), other, n.Name+" → "+other)
			}
		case *ast.BasicLit:
			if v, err := strconv.ParseInt(n.Value, 0, 64); err == nil && n.Kind == token.INT {
				for _, to := range []int64{v + 1, v - 1} {
					add(n.Pos(), sf.off(n.Pos()), sf.off(n.End()), fmt.Sprintf("(%d)", to), fmt.Sprintf("%s → %d", n.Value, to))
				}
			}
		}
		return true
	})
	return ms
}

// text returns the source of n, on one line and cut short.
func (sf *sourceFile) text(n ast.Node) string {
	return shorten(strings.Join(strings.Fields(string(sf.src[sf.off(n.Pos()):sf.off(n.End())])), " "), 40)
}

// parses reports whether fn with the edit made is still Go syntax.
func (sf *sourceFile) parses(fn *ast.FuncDecl, e edit) bool {
	src := "package p\n\n" + sf.mutated(fn, fn.Name.Name, e)
	_, err := parser.ParseFile(token.NewFileSet(), "", src, parser.SkipObjectResolution)
	return err == nil
}
