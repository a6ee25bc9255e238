package lab

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// The course checks a day in many variants: the starter, each exercise
// done alone, the day as it is, each wrong answer in place, each mutant.
// Building each variant would cost a compile and a link apiece, dozens a
// day. Instead the lab builds a day once with every variant in it, and a
// run picks its variant by the tags in the environment variable
// VariantEnv:
//
//	PLY_LAB_VARIANT=                        the starter, every exercise a hole
//	PLY_LAB_VARIANT=done:1,done:3           exercises 1 and 3 done, the others holes
//	PLY_LAB_VARIANT=done:1,…,done:5         the day as it is
//	PLY_LAB_VARIANT=done:1,…,wrong:scanner  the day with the wrong answer wrong/scanner.go in place
//	PLY_LAB_VARIANT=done:1,…,mutant:17      the day with mutant 17 in place
//
// The build is an overlay of the day's own folder (go build -overlay):
// each file with exercises is the starter's, the very file a student
// gets, and each of its holes starts with a switch, on the line of its
// opening brace so that every other line keeps its number,
//
//	func reply(msgs []Message) string { if labOn("done:1") { return labRef_reply(msgs) };
//
// and the day's own function, a wrong answer or a mutant is a function
// of its own beside it, in a file the overlay adds, with its imports put
// right. With no tags the build is the starter; with every exercise done
// it is the day.
//
// testscript runs a command with an environment of its own that keeps
// PATH but not VariantEnv, so the main package passes the tags on in PATH,
// as a folder that does not exist, and every package reads them from
// there when the variable is not set.

// VariantEnv is the environment variable that holds a run's tags.
const VariantEnv = "PLY_LAB_VARIANT"

// OnlyEnv is the environment variable that names, one a line, the only
// self-checks a run of the probe is to run (see Probe.SelfCheckOf).
const OnlyEnv = "PLY_LAB_CHECKS"

// DoneTag is the tag that puts the day's own code in exercise n's holes.
func DoneTag(n int) string { return fmt.Sprintf("done:%d", n) }

// WrongTag is the tag that puts the wrong answer called name in place.
func WrongTag(name string) string { return "wrong:" + name }

// MutantTag is the tag that puts the mutant with the id in place.
func MutantTag(id int) string { return fmt.Sprintf("mutant:%d", id) }

// DoneTags returns the tags that put the day's own code in the holes of
// the exercises numbered in done.
func DoneTags(done ...int) []string {
	var tags []string
	for _, n := range done {
		tags = append(tags, DoneTag(n))
	}
	return tags
}

// Variants is what goes into a day's build beside its own code.
type Variants struct {
	DayDir    string            // the day's folder
	Exercises []Exercise        // the day's exercises: each is a hole, which DoneTag fills
	Wrongs    []Wrong           // wrong answers to switch on by name
	Mutants   []Mutant          // mutants to switch on by id
	Replace   map[string][]byte // files of the day replaced as they are, such as a student's test, by slash path from the day
}

// an alternative is one function that can stand in for an exercise
// function when its tag is on.
type alternative struct {
	tag  string
	name string // the function's name beside the hole: labRef_reply
}

// A target is an exercise function, with what can stand in for it.
type target struct {
	e    Exercise
	alts []alternative
}

// Overlay returns the files of the build, by path: the starter's exercise
// files with their switches, and the files that hold the alternatives and
// the switches' helper. For each mutant it also returns where its function
// is, so that a compile error can be traced to it.
func (v *Variants) Overlay() (map[string][]byte, map[int]Span, error) {
	overlay := map[string][]byte{}
	spans := map[int]Span{}
	for rel, data := range v.Replace {
		overlay[v.abs(rel)] = data
	}
	targets := map[string][]*target{} // by file
	find := map[string]*target{}      // by package folder and function
	for _, e := range v.Exercises {
		if _, replaced := v.Replace[e.File]; replaced {
			continue
		}
		t := &target{e: e}
		targets[e.File] = append(targets[e.File], t)
		find[path.Dir(e.File)+" "+e.Func] = t
	}
	starter, err := Starter(v.DayDir, nil)
	if err != nil {
		return nil, nil, err
	}
	parsed := map[string]*sourceFile{} // the day's files, by file
	for file := range targets {
		if parsed[file], err = parseSource(v.abs(file)); err != nil {
			return nil, nil, err
		}
	}
	helpers := map[string]string{".": "main"} // package name by folder: where labOn must be
	// The mutants: one file beside each file that has some.
	for file, ms := range groupMutants(v.Mutants) {
		sf := parsed[file]
		if sf == nil {
			return nil, nil, fmt.Errorf("mutant of %s, which has no exercise", file)
		}
		var decls []string
		for _, m := range ms {
			fn := sf.fn(m.Func)
			t := find[path.Dir(file)+" "+m.Func]
			if fn == nil || t == nil {
				return nil, nil, fmt.Errorf("mutant %d: no exercise function %s in %s", m.ID, m.Func, file)
			}
			name := fmt.Sprintf("labMut%d_%s", m.ID, fn.Name.Name)
			decls = append(decls, sf.mutated(fn, name, m.edit))
			t.alts = append(t.alts, alternative{MutantTag(m.ID), name})
		}
		if err := sf.addFile(overlay, "zz_lab_mutants_", decls); err != nil {
			return nil, nil, err
		}
		name := sf.altName("zz_lab_mutants_")
		for id, span := range funcSpans(name, overlay[name], "labMut") {
			spans[id] = span
		}
	}
	// The wrong answers: one file each, in the package of their exercise.
	for _, w := range v.Wrongs {
		of := Of(v.Exercises, w.Exercise)
		dir := path.Dir(of[0].File)
		if sf := parsed[of[0].File]; sf != nil && sf.f.Name.Name != w.Package {
			return nil, nil, &PosError{File: w.File, Line: 1, Err: fmt.Errorf("%w: package %s, but exercise %d is in package %s",
				ErrWrongAnswer, w.Package, w.Exercise, sf.f.Name.Name)}
		}
		renamed, err := w.renamed(func(fn string) (string, bool) {
			t := find[dir+" "+fn]
			if t == nil {
				return "", false
			}
			name := "labWrong_" + identSafe(w.Name) + "_" + funcIdent(fn)
			t.alts = append(t.alts, alternative{WrongTag(w.Name), name})
			return name, true
		})
		if err != nil {
			return nil, nil, err
		}
		name := filepath.Join(v.abs(dir), "zz_lab_wrong_"+identSafe(w.Name)+".go")
		fixed, err := fixImports(name, renamed)
		if err != nil {
			return nil, nil, fmt.Errorf("wrong answer %s: %w", w.File, err)
		}
		overlay[name] = fixed
	}
	// The day's own functions, last, so that a wrong answer or a mutant
	// comes before them: one file beside each exercise file.
	for file, ts := range targets {
		sf := parsed[file]
		var decls []string
		for _, t := range ts {
			fn := sf.fn(t.e.Func)
			if fn == nil {
				return nil, nil, fmt.Errorf("%s: no function %s", sf.name, t.e.Func)
			}
			name := "labRef_" + fn.Name.Name
			decls = append(decls, sf.renamedDecl(fn, name))
			t.alts = append(t.alts, alternative{DoneTag(t.e.N), name})
		}
		if err := sf.addFile(overlay, "zz_lab_ref_", decls); err != nil {
			return nil, nil, err
		}
	}
	// The switches, in the starter's exercise files.
	for file, ts := range targets {
		sf, err := parseSourceText(v.abs(file), starter[file].Data)
		if err != nil {
			return nil, nil, err
		}
		src, err := sf.withSwitches(ts)
		if err != nil {
			return nil, nil, err
		}
		overlay[sf.name] = src
		helpers[path.Dir(file)+pkgSuffix(sf.f.Name.Name)] = sf.f.Name.Name
	}
	if sf, err := parseSource(v.abs(checksFile)); err == nil {
		overlay[filepath.Join(v.abs(path.Dir(checksFile)), "zz_lab_only.go")] = fmt.Appendf(nil, onlySource, sf.f.Name.Name, OnlyEnv)
	}
	for key, pkg := range helpers {
		dir, _, _ := strings.Cut(key, " ")
		name := "zz_lab_variant.go"
		if strings.HasSuffix(pkg, "_test") {
			name = "zz_lab_variant_x_test.go"
		}
		overlay[filepath.Join(v.abs(dir), name)] = helperFile(pkg)
	}
	return overlay, spans, nil
}

// abs returns the path of the day's file rel.
func (v *Variants) abs(rel string) string {
	return filepath.Join(v.DayDir, filepath.FromSlash(rel))
}

// pkgSuffix tells an external test package from the package it tests, as
// part of the key of the helpers map.
func pkgSuffix(pkg string) string {
	if strings.HasSuffix(pkg, "_test") {
		return " x"
	}
	return ""
}

// A Span is where a function of the build is: lines Start to End of File.
type Span struct {
	File       string
	Start, End int
}

// funcSpans returns where the functions of the file name, whose source
// is src, are whose names start with prefix, a number and _, by that number.
func funcSpans(name string, src []byte, prefix string) map[int]Span {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil // goimports parsed it already: this cannot happen
	}
	spans := map[int]Span{}
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok {
			continue
		}
		rest, ok := strings.CutPrefix(fn.Name.Name, prefix)
		number, _, _ := strings.Cut(rest, "_")
		if id, err := strconv.Atoi(number); ok && err == nil {
			spans[id] = Span{File: name, Start: fset.Position(fn.Pos()).Line, End: fset.Position(fn.End()).Line}
		}
	}
	return spans
}

// groupMutants groups mutants by file.
func groupMutants(ms []Mutant) map[string][]Mutant {
	by := map[string][]Mutant{}
	for _, m := range ms {
		by[m.File] = append(by[m.File], m)
	}
	return by
}

// A sourceFile is a Go file of the day, parsed.
type sourceFile struct {
	name string // its path
	src  []byte
	fset *token.FileSet
	f    *ast.File
}

// parseSource reads and parses the Go file name.
func parseSource(name string) (*sourceFile, error) {
	src, err := os.ReadFile(name)
	if err != nil {
		return nil, err
	}
	return parseSourceText(name, src)
}

// parseSourceText parses src, the Go file name.
func parseSourceText(name string, src []byte) (*sourceFile, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	return &sourceFile{name: name, src: src, fset: fset, f: f}, nil
}

func (sf *sourceFile) off(p token.Pos) int { return sf.fset.Position(p).Offset }

// fn returns the function of the file called name, as FuncName names it.
func (sf *sourceFile) fn(name string) *ast.FuncDecl {
	for _, decl := range sf.f.Decls {
		if fn, ok := decl.(*ast.FuncDecl); ok && fn.Body != nil && FuncName(fn) == name {
			return fn
		}
	}
	return nil
}

// renamedDecl returns fn's declaration, called name.
func (sf *sourceFile) renamedDecl(fn *ast.FuncDecl, name string) string {
	start, end := sf.off(fn.Pos()), sf.off(fn.End())
	return string(applyWithin(sf.src, start, end, []edit{{sf.off(fn.Name.Pos()), sf.off(fn.Name.End()), name}}))
}

// mutated returns fn's declaration, called name, with one edit made.
func (sf *sourceFile) mutated(fn *ast.FuncDecl, name string, e edit) string {
	start, end := sf.off(fn.Pos()), sf.off(fn.End())
	return string(applyWithin(sf.src, start, end, []edit{{sf.off(fn.Name.Pos()), sf.off(fn.Name.End()), name}, e}))
}

// applyWithin returns src[start:end] with edits, whose offsets are in src.
func applyWithin(src []byte, start, end int, edits []edit) []byte {
	shifted := make([]edit, len(edits))
	for i, e := range edits {
		shifted[i] = edit{e.start - start, e.end - start, e.text}
	}
	return apply(src[start:end], shifted)
}

// altName returns the path of the file beside sf, named prefix and sf's name.
func (sf *sourceFile) altName(prefix string) string {
	return filepath.Join(filepath.Dir(sf.name), prefix+filepath.Base(sf.name))
}

// altHeader returns the start of a file beside sf: its package clause and
// imports, which fixImports then trims to what the file uses.
func (sf *sourceFile) altHeader() string {
	var b strings.Builder
	fmt.Fprintf(&b, "package %s\n\n", sf.f.Name.Name)
	for _, imp := range sf.f.Imports {
		if imp.Name != nil {
			fmt.Fprintf(&b, "import %s %s\n", imp.Name.Name, imp.Path.Value)
		} else {
			fmt.Fprintf(&b, "import %s\n", imp.Path.Value)
		}
	}
	b.WriteString("\n")
	return b.String()
}

// addFile adds to overlay a file beside sf, named prefix and sf's name,
// holding decls with sf's imports, trimmed to the ones they use.
func (sf *sourceFile) addFile(overlay map[string][]byte, prefix string, decls []string) error {
	name := sf.altName(prefix)
	src := sf.altHeader() + strings.Join(decls, "\n\n") + "\n"
	fixed, err := fixImports(name, []byte(src))
	if err != nil {
		return err
	}
	overlay[name] = fixed
	return nil
}

// withSwitches returns the file with a switch at the start of each
// target's body, its parameters named so that the switch can pass them on.
func (sf *sourceFile) withSwitches(ts []*target) ([]byte, error) {
	var edits []edit
	for _, t := range ts {
		fn := sf.fn(t.e.Func)
		if fn == nil {
			return nil, fmt.Errorf("%s: no function %s", sf.name, t.e.Func)
		}
		named, call := sf.forward(fn)
		edits = append(edits, named...)
		var b strings.Builder
		for _, alt := range t.alts {
			fmt.Fprintf(&b, " if labOn(%q) { %s };", alt.tag, call(alt.name))
		}
		at := sf.off(fn.Body.Lbrace) + 1
		edits = append(edits, edit{at, at, b.String()})
	}
	return apply(sf.src, edits), nil
}

// forward returns the edits that name fn's receiver and parameters where
// they have no usable name, and a function that writes the statement that
// calls an alternative with them and returns what it returns.
func (sf *sourceFile) forward(fn *ast.FuncDecl) ([]edit, func(name string) string) {
	var edits []edit
	name := func(field *ast.Field, fallback string) string {
		if len(field.Names) == 0 {
			at := sf.off(field.Type.Pos())
			edits = append(edits, edit{at, at, fallback + " "})
			return fallback
		}
		return ""
	}
	recv := ""
	if fn.Recv != nil {
		field := fn.Recv.List[0]
		if recv = name(field, "labRecv"); recv == "" {
			recv = field.Names[0].Name
			if recv == "_" {
				recv = "labRecv"
				edits = append(edits, edit{sf.off(field.Names[0].Pos()), sf.off(field.Names[0].End()), recv})
			}
		}
		recv += "."
	}
	var args []string
	for i, field := range fn.Type.Params.List {
		names := []string{name(field, fmt.Sprintf("labArg%d", i))}
		if names[0] == "" {
			names = names[:0]
			for j, id := range field.Names {
				n := id.Name
				if n == "_" {
					n = fmt.Sprintf("labArg%d_%d", i, j)
					edits = append(edits, edit{sf.off(id.Pos()), sf.off(id.End()), n})
				}
				names = append(names, n)
			}
		}
		if _, variadic := field.Type.(*ast.Ellipsis); variadic {
			names[len(names)-1] += "..."
		}
		args = append(args, names...)
	}
	typeArgs := ""
	if fn.Type.TypeParams != nil {
		var tps []string
		for _, field := range fn.Type.TypeParams.List {
			for _, id := range field.Names {
				tps = append(tps, id.Name)
			}
		}
		typeArgs = "[" + strings.Join(tps, ", ") + "]"
	}
	hasResults := fn.Type.Results != nil && len(fn.Type.Results.List) > 0
	return edits, func(alt string) string {
		call := fmt.Sprintf("%s%s%s(%s)", recv, alt, typeArgs, strings.Join(args, ", "))
		if hasResults {
			return "return " + call
		}
		return call + "; return"
	}
}

// renamed returns the wrong answer's source, each function that replaces
// an exercise function renamed as rename says, and each helper renamed
// after the wrong answer, so that two wrong answers never clash.
func (w *Wrong) renamed(rename func(fn string) (string, bool)) ([]byte, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, w.File, w.src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	off := func(p token.Pos) int { return fset.Position(p).Offset }
	helpers := map[string]string{}
	var edits []edit
	for _, decl := range f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok {
			continue
		}
		if name, ok := rename(FuncName(fn)); ok {
			edits = append(edits, edit{off(fn.Name.Pos()), off(fn.Name.End()), name})
			continue
		}
		helpers[fn.Name.Name] = "labWrong_" + identSafe(w.Name) + "_" + fn.Name.Name
	}
	// A helper is a plain function: rename it wherever the file names it,
	// but for field and method names, which only look the same.
	ast.Inspect(f, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			ast.Inspect(n.X, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && helpers[id.Name] != "" {
					edits = append(edits, edit{off(id.Pos()), off(id.End()), helpers[id.Name]})
				}
				return true
			})
			return false
		case *ast.Ident:
			if helpers[n.Name] != "" {
				edits = append(edits, edit{off(n.Pos()), off(n.End()), helpers[n.Name]})
			}
		}
		return true
	})
	return apply(w.src, edits), nil
}

// funcIdent returns the function's own name: Send for Agent.Send.
func funcIdent(name string) string {
	return name[strings.LastIndex(name, ".")+1:]
}

// notIdent matches what cannot be in a Go identifier.
var notIdent = regexp.MustCompile(`[^A-Za-z0-9_]`)

// identSafe returns s with every character that cannot be in a Go
// identifier replaced by _.
func identSafe(s string) string { return notIdent.ReplaceAllString(s, "_") }

// helperFile returns the file that gives the package pkg its labOn. Every
// package but a test's also passes the tags on, in PATH, to the commands
// started with an environment of their own: those testscript runs, and
// ply's own helper, which a test may start with an environment it wrote.
func helperFile(pkg string) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, helperSource, pkg, VariantEnv, pathMarker)
	if !strings.HasSuffix(pkg, "_test") {
		fmt.Fprintf(&b, mainHelperSource, VariantEnv)
	}
	return b.Bytes()
}

// pathMarker starts the name of the folder in PATH that carries the tags.
const pathMarker = "ply-lab-variant-"

const helperSource = `package %s

import (
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
)

// labTags are the tags of this run's variant.
var labTags = labReadTags()

// labOn reports whether the variant's tag is on.
func labOn(tag string) bool { return labTags[tag] }

// labReadTags reads the tags from the environment, or else from PATH.
func labReadTags() map[string]bool {
	value := os.Getenv(%q)
	for _, dir := range filepath.SplitList(os.Getenv("PATH")) {
		if hexed, ok := strings.CutPrefix(filepath.Base(dir), %q); ok && value == "" {
			decoded, _ := hex.DecodeString(hexed) // written by labPassOn: always hex
			value = string(decoded)
		}
	}
	tags := map[string]bool{}
	for _, tag := range strings.Split(value, ",") {
		tags[tag] = tag != ""
	}
	return tags
}
`

// onlySource keeps the self-check's table to the checks OnlyEnv names.
// Package variables are set before any init function runs, so checks is
// the whole table here.
const onlySource = `package %s

import (
	"os"
	"strings"
)

func init() {
	names := os.Getenv(%q)
	if names == "" {
		return
	}
	want := map[string]bool{}
	for _, name := range strings.Split(names, "\n") {
		want[name] = true
	}
	kept := checks[:0:0]
	for _, c := range checks {
		if want[c.Name] {
			kept = append(kept, c)
		}
	}
	checks = kept
}
`

const mainHelperSource = `
// labPassOn puts the tags in PATH, as a folder that does not exist, for
// the commands that testscript runs with an environment of its own.
func init() {
	if value := os.Getenv(%q); value != "" {
		marker := filepath.Join(os.TempDir(), "` + pathMarker + `"+hex.EncodeToString([]byte(value)))
		os.Setenv("PATH", os.Getenv("PATH")+string(os.PathListSeparator)+marker)
	}
}
`
