package lab

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A SelfCheck is one line of a day's self-check, as its table declares it.
type SelfCheck struct {
	Name     string // what the line says, such as "mock greets"
	Exercise int    // the exercise it waits for; 0 for the code the starter gives
	Line     int    // its line in File
	File     string // the file of the table
}

// checksFile is the file of a day that holds its self-check's table.
const checksFile = "selftest/checks.go"

// SelfChecks reads the table of the day's self-check: the variable checks in
// selftest/checks.go, a slice literal of {"name", exercise, func} entries
// (or the same with the field names Name and Exercise). The lab reads the
// table rather than the self-check's output, because a passing line does
// not say its exercise.
func SelfChecks(dayDir string) ([]SelfCheck, error) {
	name := filepath.Join(dayDir, filepath.FromSlash(checksFile))
	src, err := os.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("read the self-check's table: %w", err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	table := checksTable(f)
	if table == nil {
		return nil, fmt.Errorf("%s: no var checks = []SelfCheck{…}: the lab reads each check's name and exercise there", name)
	}
	var checks []SelfCheck
	for _, elt := range table.Elts {
		c, ok := readCheck(elt)
		if !ok {
			return nil, &PosError{File: name, Line: fset.Position(elt.Pos()).Line,
				Err: fmt.Errorf("cannot read the check's name and exercise: want {\"name\", N, func}")}
		}
		c.File, c.Line = name, fset.Position(elt.Pos()).Line
		checks = append(checks, c)
	}
	return checks, nil
}

// checksTable returns the composite literal that the variable checks of f
// is set to, or nil.
func checksTable(f *ast.File) *ast.CompositeLit {
	for _, decl := range f.Decls {
		gen, ok := decl.(*ast.GenDecl)
		if !ok || gen.Tok != token.VAR {
			continue
		}
		for _, spec := range gen.Specs {
			vs := spec.(*ast.ValueSpec) // a var declaration holds only ValueSpecs
			for i, id := range vs.Names {
				if id.Name != "checks" || i >= len(vs.Values) {
					continue
				}
				if lit, ok := vs.Values[i].(*ast.CompositeLit); ok {
					return lit
				}
			}
		}
	}
	return nil
}

// readCheck reads one entry of the table.
func readCheck(elt ast.Expr) (SelfCheck, bool) {
	lit, ok := elt.(*ast.CompositeLit)
	if !ok || len(lit.Elts) < 2 {
		return SelfCheck{}, false
	}
	values := map[string]ast.Expr{"Name": lit.Elts[0], "Exercise": lit.Elts[1]}
	if _, keyed := lit.Elts[0].(*ast.KeyValueExpr); keyed {
		for _, e := range lit.Elts {
			if kv, ok := e.(*ast.KeyValueExpr); ok {
				if key, ok := kv.Key.(*ast.Ident); ok {
					values[key.Name] = kv.Value
				}
			}
		}
	}
	name, ok := values["Name"].(*ast.BasicLit)
	if !ok || name.Kind != token.STRING {
		return SelfCheck{}, false
	}
	number, ok := values["Exercise"].(*ast.BasicLit)
	if !ok || number.Kind != token.INT {
		return SelfCheck{}, false
	}
	text, err1 := strconv.Unquote(name.Value)
	n, err2 := strconv.Atoi(number.Value)
	return SelfCheck{Name: text, Exercise: n}, err1 == nil && err2 == nil
}

// A Tally is what the last line of a self-check says.
type Tally struct {
	Passed, Total int
}

func (t Tally) String() string { return fmt.Sprintf("%d/%d passed", t.Passed, t.Total) }

// tallyLine matches the last line of a self-check.
var tallyLine = regexp.MustCompile(`^([0-9]+)/([0-9]+) passed$`)

// A Report is a self-check's output, read: which checks passed, and the
// tally it ended with.
type Report struct {
	Passed map[string]bool // by the check's name; a check that printed no line is missing
	Tally  Tally
	Lines  []string // the output, line by line
}

// ReadReport reads the output of a self-check whose table is checks: a
// line "✓ name" or "✗ name: why — see exercise N" per check, in any
// order, then "K/N passed". It fails when a check has no line, a line
// names no check, or the tally is missing.
func ReadReport(out string, checks []SelfCheck) (Report, error) {
	r := Report{Passed: map[string]bool{}, Lines: strings.Split(strings.TrimRight(out, "\n"), "\n")}
	sawTally := false
	for _, line := range r.Lines {
		if m := tallyLine.FindStringSubmatch(line); m != nil {
			r.Tally.Passed, _ = strconv.Atoi(m[1]) // the pattern allows only digits
			r.Tally.Total, _ = strconv.Atoi(m[2])
			sawTally = true
			continue
		}
		passed := strings.HasPrefix(line, "✓ ")
		if !passed && !strings.HasPrefix(line, "✗ ") {
			continue // not a check's line: such as "exit status 1"
		}
		rest := line[len("✓ "):]
		name := ""
		for _, c := range checks {
			if (rest == c.Name || strings.HasPrefix(rest, c.Name+":")) && len(c.Name) > len(name) {
				name = c.Name
			}
		}
		if name == "" {
			return r, fmt.Errorf("the self-check printed a line for a check its table does not have: %q", line)
		}
		r.Passed[name] = passed
	}
	if !sawTally {
		return r, fmt.Errorf("the self-check did not end with a line \"K/N passed\":\n%s", out)
	}
	for _, c := range checks {
		if _, ok := r.Passed[c.Name]; !ok {
			return r, fmt.Errorf("the self-check printed no line for %q (%s:%d):\n%s", c.Name, c.File, c.Line, out)
		}
	}
	return r, nil
}

// Tests returns the packages of the day in dayDir that declare each test
// function, by the test's name: folders relative to the day, "." for its
// own. Most names have one package; the course asks which when a name has
// more.
func Tests(dayDir string) (map[string][]string, error) {
	files, err := goFiles(dayDir)
	if err != nil {
		return nil, err
	}
	tests := map[string][]string{}
	for _, rel := range files {
		if !strings.HasSuffix(rel, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dayDir, filepath.FromSlash(rel)), nil, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, decl := range f.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && fn.Recv == nil && strings.HasPrefix(fn.Name.Name, "Test") {
				dir := path.Dir(rel)
				if !slices.Contains(tests[fn.Name.Name], dir) {
					tests[fn.Name.Name] = append(tests[fn.Name.Name], dir)
				}
			}
		}
	}
	return tests, nil
}
