package lesson

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"unicode"

	"ply/internal/lab"
)

// A name in a lesson's inline code, `tools.NewWorkspace`,
// `ErrEventTooLong`, `os.ErrProcessDone`, `Agent.Send`, is a claim that
// the code has it. NameProblems holds each to the code:
//
//   - PKG.NAME, where PKG is a package of the day, names a top-level
//     declaration of it, or PKG.TYPE.MEMBER a method or field of one of
//     its types;
//   - PKG.NAME, where PKG is a package the day imports (or, failing that,
//     a package of the standard library of that name), names an exported
//     declaration of it, or PKG.TYPE.MEMBER a method or field;
//   - NAME alone, or TYPE.MEMBER, starting with a capital letter, is
//     declared somewhere in the day: a package-level name, a method, a
//     field, a test.
//
// A name of another day counts when the lesson's line, or the one before
// it, speaks of that day ("day 3", "day03", "tomorrow", "yesterday").
// Anything else in backticks (a variable such as `c.start`, a shell
// command, a value) is no name of code, and is left alone, and so are
// names in capitals alone (`PATH`, `EOF`).

// ErrNoSuchName is the reason a name in a lesson is wrong.
var ErrNoSuchName = errors.New("a name of code that the code does not bear out")

// inlineCode matches a span of inline code.
var inlineCode = regexp.MustCompile("`([^`]+)`")

// codeName matches a name at the start of inline code, after the * & or
// [] of a type, and what may follow it: the end, or a call's or a
// literal's opening.
var codeName = regexp.MustCompile(`^[*&]*(?:\[\])*([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)*)(?:$|[({\[])`)

// otherDay matches words that send the reader to another day: a day by its
// number, which must be another than the lesson's, or by where it stands.
var otherDay = regexp.MustCompile(`(?i)\bday ?0?([1-9])\b|\btomorrow\b|\byesterday\b|\bearlier days?\b|\blater days?\b|\bnext day\b`)

// speaksOfAnotherDay reports whether text sends the reader to a day other
// than the one in dayDir.
func speaksOfAnotherDay(text, dayDir string) bool {
	own := strings.TrimLeft(strings.TrimPrefix(filepath.Base(filepath.Clean(dayDir)), "day"), "0")
	for _, m := range otherDay.FindAllStringSubmatch(text, -1) {
		if m[1] == "" || m[1] != own {
			return true
		}
	}
	return false
}

// NameProblems checks the names in the inline code of the markdown file
// at path, a lesson or key of the day in dayDir, against the code: the
// day's, the packages it imports, and the standard library. days are the
// course's days, for a name that belongs to another one. Each name that
// does not exist is an error naming its line.
func NameProblems(path, dayDir string, days []lab.Day) []error {
	md, err := os.ReadFile(path)
	if err != nil {
		return []error{err}
	}
	doc, _ := Parse(path, string(md))
	return doc.nameErrors(dayDir, days)
}

// nameErrors returns an error for each name of the document's inline code
// that the code does not have.
func (d *Doc) nameErrors(dayDir string, days []lab.Day) []error {
	var errs []error
	day, err := declarationsOf(dayDir)
	if err != nil {
		return []error{err}
	}
	heading, paragraph := "", -1 // the section's heading, and where the paragraph starts
	d.prose(func(i int, line string) {
		switch {
		case isHeading(line):
			heading, paragraph = line, -1
		case strings.TrimSpace(line) == "":
			paragraph = -1
		case paragraph < 0:
			paragraph = i
		}
		for _, m := range inlineCode.FindAllStringSubmatch(line, -1) {
			n := codeName.FindStringSubmatch(strings.TrimSpace(m[1]))
			if n == nil {
				continue
			}
			name := n[1]
			checked, claim := day.claim(name)
			if !checked || claim == nil {
				continue // not a name of code, or one that exists
			}
			context := heading + " " + line
			if paragraph >= 0 {
				context = heading + " " + strings.Join(d.Lines[paragraph:i+1], " ")
			}
			if speaksOfAnotherDay(context, dayDir) && inAnotherDay(name, dayDir, days) {
				continue
			}
			errs = append(errs, &lab.PosError{File: d.Path, Line: i + 1, Err: fmt.Errorf("%w: `%s`: %v", ErrNoSuchName, m[1], claim)})
		}
	})
	return errs
}

// inAnotherDay reports whether a day of the course other than the one in
// dayDir has name.
func inAnotherDay(name, dayDir string, days []lab.Day) bool {
	for _, other := range days {
		if filepath.Clean(other.Dir) == filepath.Clean(dayDir) {
			continue
		}
		decls, err := declarationsOf(other.Dir)
		if err != nil {
			continue
		}
		if checked, claim := decls.claim(name); checked && claim == nil {
			return true
		}
	}
	return false
}

// scope is what one package, or a whole day, declares.
type scope struct {
	top     map[string]bool            // package-level names
	members map[string]map[string]bool // each type's methods and fields, by type
	all     map[string]bool            // every name above, and every member, however nested
}

func newScope() *scope {
	return &scope{top: map[string]bool{}, members: map[string]map[string]bool{}, all: map[string]bool{}}
}

// has reports whether the scope declares parts: NAME at package level, or
// TYPE.MEMBER.
func (s *scope) has(parts []string) bool {
	switch len(parts) {
	case 1:
		return s.top[parts[0]]
	case 2:
		return s.members[parts[0]][parts[1]]
	}
	return false
}

// A dayDecls is what a day's code declares, package by package, with the
// packages it imports.
type dayDecls struct {
	dir      string
	packages map[string]*scope   // by package name; a _test package counts as its package
	whole    *scope              // the union of them
	imports  map[string][]string // import paths, by the name the code uses
	used     map[string]bool     // the names of other packages the code uses: "os.ErrProcessDone"
	words    map[string]bool     // the words the code's strings spell: "Authorization", "LockFileEx"
}

var (
	declsMu    sync.Mutex
	declsCache = map[string]*dayDecls{}
)

// declarationsOf reads what the day in dayDir declares, once.
func declarationsOf(dayDir string) (*dayDecls, error) {
	declsMu.Lock()
	defer declsMu.Unlock()
	if d, ok := declsCache[dayDir]; ok {
		return d, nil
	}
	d := &dayDecls{dir: dayDir, packages: map[string]*scope{}, whole: newScope(), imports: map[string][]string{}, used: map[string]bool{}, words: map[string]bool{}}
	err := filepath.WalkDir(dayDir, func(name string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if e.IsDir() && name != dayDir {
			base := e.Name()
			if strings.HasPrefix(base, ".") || strings.HasPrefix(base, "_") {
				return filepath.SkipDir
			}
			return nil
		}
		if e.IsDir() || !strings.HasSuffix(name, ".go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.SkipObjectResolution)
		if err != nil {
			return err
		}
		uses(f, d.used)
		spells(f, d.words)
		rel, _ := filepath.Rel(dayDir, name)
		if aside := strings.Split(filepath.ToSlash(rel), "/")[0] == "testdata"; aside || inModule(dayDir, filepath.Dir(name)) {
			declare(f, d.whole, false) // the playground's calculator: its names are the lesson's too
			return nil
		}
		pkg := strings.TrimSuffix(f.Name.Name, "_test")
		if d.packages[pkg] == nil {
			d.packages[pkg] = newScope()
		}
		declare(f, d.packages[pkg], false)
		declare(f, d.whole, false)
		for _, imp := range f.Imports {
			p, _ := strconv.Unquote(imp.Path.Value) // the parser accepted it
			local := path.Base(p)
			if strings.HasPrefix(local, "v") && isVersion(local) {
				local = path.Base(path.Dir(p))
			}
			if imp.Name != nil {
				local = imp.Name.Name
			}
			if !slices.Contains(d.imports[local], p) {
				d.imports[local] = append(d.imports[local], p)
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read the declarations of %s: %w", dayDir, err)
	}
	// The wrong answers the key keeps use names the lesson speaks of too.
	wrongs, _ := filepath.Glob(filepath.Join(filepath.Dir(dayDir), "solutions", filepath.Base(dayDir), "wrong", "*.go"))
	for _, name := range wrongs {
		if f, err := parser.ParseFile(token.NewFileSet(), name, nil, parser.SkipObjectResolution); err == nil {
			uses(f, d.used)
		}
	}
	declsCache[dayDir] = d
	return d, nil
}

// uses adds to used each name of another package that the file uses, as
// the file writes it: "os.ErrProcessDone", "exec.Cmd".
func uses(f *ast.File, used map[string]bool) {
	imported := map[string]bool{}
	for _, imp := range f.Imports {
		p, _ := strconv.Unquote(imp.Path.Value) // the parser accepted it
		local := path.Base(p)
		if isVersion(local) {
			local = path.Base(path.Dir(p))
		}
		if imp.Name != nil {
			local = imp.Name.Name
		}
		imported[local] = true
	}
	ast.Inspect(f, func(n ast.Node) bool {
		if sel, ok := n.(*ast.SelectorExpr); ok {
			if id, ok := sel.X.(*ast.Ident); ok && imported[id.Name] {
				used[id.Name+"."+sel.Sel.Name] = true
			}
		}
		return true
	})
}

// spells adds to words each word that a string literal of the file is.
func spells(f *ast.File, words map[string]bool) {
	ast.Inspect(f, func(n ast.Node) bool {
		if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
			if s, err := strconv.Unquote(lit.Value); err == nil && token.IsIdentifier(s) {
				words[s] = true
			}
		}
		return true
	})
}

// inModule reports whether the folder dir, under the day's folder, is in
// a module of its own, nested in the day's.
func inModule(dayDir, dir string) bool {
	for ; dir != dayDir && len(dir) > len(dayDir); dir = filepath.Dir(dir) {
		if exists(filepath.Join(dir, "go.mod")) {
			return true
		}
	}
	return false
}

// isVersion reports whether a path's last element is a major version, v3.
func isVersion(s string) bool {
	_, err := strconv.Atoi(strings.TrimPrefix(s, "v"))
	return err == nil
}

// exists reports whether name exists.
func exists(name string) bool {
	_, err := os.Stat(name)
	return err == nil
}

// declare adds what the file declares to s; with exported, only the
// exported names, as another package sees them.
func declare(f *ast.File, s *scope, exported bool) {
	ok := func(name string) bool { return !exported || ast.IsExported(name) }
	member := func(typ, name string) {
		if !ok(name) {
			return
		}
		if s.members[typ] == nil {
			s.members[typ] = map[string]bool{}
		}
		s.members[typ][name] = true
		s.all[name] = true
	}
	for _, decl := range f.Decls {
		switch decl := decl.(type) {
		case *ast.FuncDecl:
			if decl.Recv != nil && len(decl.Recv.List) > 0 {
				member(lab.FuncName(decl)[:strings.Index(lab.FuncName(decl), ".")], decl.Name.Name)
				continue
			}
			if ok(decl.Name.Name) {
				s.top[decl.Name.Name] = true
				s.all[decl.Name.Name] = true
			}
		case *ast.GenDecl:
			for _, spec := range decl.Specs {
				switch spec := spec.(type) {
				case *ast.TypeSpec:
					if !ok(spec.Name.Name) {
						continue
					}
					s.top[spec.Name.Name] = true
					s.all[spec.Name.Name] = true
					ast.Inspect(spec.Type, func(n ast.Node) bool {
						if field, isField := n.(*ast.Field); isField {
							for _, id := range field.Names {
								member(spec.Name.Name, id.Name)
							}
							if len(field.Names) == 0 {
								member(spec.Name.Name, embeddedName(field.Type))
							}
						}
						return true
					})
				case *ast.ValueSpec:
					for _, id := range spec.Names {
						if ok(id.Name) {
							s.top[id.Name] = true
							s.all[id.Name] = true
						}
					}
				}
			}
		}
	}
}

// embeddedName returns the name an embedded field goes by: T for T, *T,
// pkg.T.
func embeddedName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.StarExpr:
		return embeddedName(e.X)
	case *ast.SelectorExpr:
		return e.Sel.Name
	case *ast.IndexExpr:
		return embeddedName(e.X)
	}
	return ""
}

// claim reads name as a claim about code. It returns false when name is no
// name of code the lab can check, and otherwise a nil error when the code
// has it, or what is missing.
func (d *dayDecls) claim(name string) (bool, error) {
	parts := strings.Split(name, ".")
	first := parts[0]
	if fileExtensions[parts[len(parts)-1]] || strings.Contains(name, "_") {
		return false, nil // a file, main.go, or a subtest's or a variable's name, GIT_CONFIG_KEY_n
	}
	if pkg, ok := d.packages[first]; ok && len(parts) > 1 {
		if pkg.has(parts[1:]) || len(parts) == 2 && pkg.all[parts[1]] {
			return true, nil // a name of the package, or a method or field of one of its types
		}
		return true, fmt.Errorf("package %s of %s declares no %s", first, d.dir, strings.Join(parts[1:], "."))
	}
	if paths := d.imports[first]; len(parts) > 1 && (len(paths) > 0 || isStdName(first)) {
		if len(paths) == 0 {
			paths = stdPackages(first)
		}
		for _, p := range paths {
			s, err := d.external(p)
			if err != nil {
				return true, err
			}
			if s.has(parts[1:]) {
				if isErrorValue(parts[1]) && !d.used[first+"."+parts[1]] {
					return true, fmt.Errorf("%s.%s exists, but neither %s nor the wrong answers of its key use it", first, parts[1], d.dir)
				}
				return true, nil
			}
		}
		return true, fmt.Errorf("%s (%s) has no exported %s", first, strings.Join(paths, " or "), strings.Join(parts[1:], "."))
	}
	if !unicode.IsUpper(rune(first[0])) || strings.ToUpper(first) == first || len(parts) > 2 {
		return false, nil // a variable's field, a value, a constant of the shell: no name to check
	}
	if len(parts) == 1 && (d.whole.all[first] || d.words[first]) || len(parts) == 2 && d.whole.members[first][parts[1]] {
		return true, nil // declared, or a word the code spells, such as the LockFileEx it loads
	}
	// A name of a package the day uses, such as WaitDelay, a field of
	// exec.Cmd, or Div of the playground's calculator.
	for _, paths := range d.imports {
		for _, p := range paths {
			if s, err := d.external(p); err == nil && (len(parts) == 1 && s.all[first] || len(parts) == 2 && s.members[first][parts[1]]) {
				return true, nil
			}
		}
	}
	// A word no code declares is a name of code mistyped when it is
	// close to one the day declares, or has the shape of a method, a
	// test or an error; otherwise it is another kind of name, such as a
	// header's (`Authorization`) or a field of /proc (`VmHWM`).
	if near := d.nearest(parts[len(parts)-1]); near != "" || len(parts) == 2 || strings.HasPrefix(first, "Test") || isErrorValue(first) {
		if near != "" {
			return true, fmt.Errorf("neither %s nor a package it imports declares %s; is it %s?", d.dir, name, near)
		}
		return true, fmt.Errorf("neither %s nor a package it imports declares %s", d.dir, name)
	}
	return false, nil
}

// nearest returns the name the day declares that is one edit from name,
// or two for a name of more than five letters; "" when there is none.
func (d *dayDecls) nearest(name string) string {
	limit := 1
	if len(name) > 5 {
		limit = 2
	}
	best, bestDistance := "", limit+1
	for _, declared := range slices.Sorted(maps.Keys(d.whole.all)) {
		if n := distance(name, declared, limit); n < bestDistance {
			best, bestDistance = declared, n
		}
	}
	return best
}

// distance returns the edit distance between a and b, or limit+1 when it
// is more than limit.
func distance(a, b string, limit int) int {
	if len(a)-len(b) > limit || len(b)-len(a) > limit {
		return limit + 1
	}
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return min(prev[len(b)], limit+1)
}

// isErrorValue reports whether a library's name is an error value, ErrX
// or EOF: a lesson names one for what the day's code returns or checks,
// so the day must use it. Another library name may be an alternative the
// lesson weighs, and need only exist.
func isErrorValue(name string) bool {
	return name == "EOF" || strings.HasPrefix(name, "Err") && len(name) > 3 && unicode.IsUpper(rune(name[3]))
}

// fileExtensions are the ends of file names that a lesson writes in
// backticks: `main.go` is a file, not the name go of package main.
var fileExtensions = map[string]bool{
	"go": true, "mod": true, "sum": true, "md": true, "txt": true, "txtar": true, "json": true,
	"jsonl": true, "sse": true, "sh": true, "yaml": true, "yml": true, "toml": true, "new": true,
}

var (
	externalMu    sync.Mutex
	externalCache = map[string]*scope{}
)

// external returns the exported declarations of the package at the import
// path p, read from its source: the standard library's under GOROOT, any
// other's where the go command finds it for the day.
func (d *dayDecls) external(p string) (*scope, error) {
	externalMu.Lock()
	defer externalMu.Unlock()
	if s, ok := externalCache[p]; ok {
		return s, nil
	}
	dir, err := packageDir(d.dir, p)
	if err != nil {
		return nil, err
	}
	s := newScope()
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(token.NewFileSet(), filepath.Join(dir, e.Name()), nil, parser.SkipObjectResolution)
		if err != nil {
			continue // a file for a tool, such as a generator with a build tag, may not parse alone
		}
		declare(f, s, true)
	}
	externalCache[p] = s
	return s, nil
}

// packageDir returns the folder of the source of the package at the import
// path p, as the day in dayDir builds it.
func packageDir(dayDir, p string) (string, error) {
	goroot, err := goEnv("GOROOT")
	if err != nil {
		return "", err
	}
	if std := filepath.Join(goroot, "src", filepath.FromSlash(p)); !strings.Contains(strings.Split(p, "/")[0], ".") && exists(std) {
		return std, nil
	}
	cmd := exec.Command("go", "list", "-f", "{{.Dir}}", p)
	cmd.Dir = dayDir
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("find the source of %s: go list: %v", p, err)
	}
	return strings.TrimSpace(string(out)), nil
}

var (
	goEnvOnce   sync.Once
	goEnvValues map[string]string
	goEnvErr    error
)

// goEnv returns the go command's setting of name, GOROOT.
func goEnv(name string) (string, error) {
	goEnvOnce.Do(func() {
		out, err := exec.Command("go", "env", "GOROOT").Output()
		if err != nil {
			goEnvErr = fmt.Errorf("go env GOROOT: %w", err)
			return
		}
		goEnvValues = map[string]string{"GOROOT": strings.TrimSpace(string(out))}
	})
	return goEnvValues[name], goEnvErr
}

var (
	stdOnce  sync.Once
	stdNames map[string][]string // the standard library's import paths, by package name
)

// stdPackages returns the import paths of the standard library's packages
// called name: rand is math/rand, math/rand/v2 and crypto/rand.
func stdPackages(name string) []string {
	stdOnce.Do(func() {
		stdNames = map[string][]string{}
		goroot, err := goEnv("GOROOT")
		if err != nil {
			return
		}
		src := filepath.Join(goroot, "src")
		_ = filepath.WalkDir(src, func(dir string, e fs.DirEntry, err error) error {
			if err != nil || !e.IsDir() {
				return nil // an unreadable folder has no package to name
			}
			base := e.Name()
			if base == "testdata" || base == "internal" || base == "vendor" || base == "cmd" && filepath.Dir(dir) == src {
				return filepath.SkipDir
			}
			rel, _ := filepath.Rel(src, dir)
			local := base
			if isVersion(base) {
				local = filepath.Base(filepath.Dir(dir))
			}
			stdNames[local] = append(stdNames[local], filepath.ToSlash(rel))
			return nil
		})
	})
	return stdNames[name]
}

// isStdName reports whether the standard library has a package called
// name.
func isStdName(name string) bool {
	return len(stdPackages(name)) > 0
}
