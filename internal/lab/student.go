package lab

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"
)

// What the student's companion, go run ply/cmd/lab status, watch and reset,
// needs: it reads the student's files under starter/ and runs the checks
// there, and keeps no state of its own.

// A State is how far a student is with an exercise.
type State int

const (
	Untouched State = iota // every function of the exercise is still its hole
	Started                // some function changed, and the exercise's checks do not all pass
	Done                   // the exercise's checks pass
)

func (s State) String() string {
	return [...]string{"untouched", "started", "done"}[s]
}

// StarterOf returns the folder of day's starter in the course at root, or
// an error that names the days that have one.
func StarterOf(root string, d Day) (string, error) {
	dir := filepath.Join(root, starterDir, d.Name)
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		return "", fmt.Errorf("%w: %s has no starter (%s); run %s", ErrUnknownDay, d.Name, filepath.Join(starterDir, d.Name), Command)
	}
	return dir, nil
}

// StudentTest checks the test the student wrote for exercise e of day d,
// in the student's copy of the day, dir, the way the course checks its
// own: against the reference day, where it must pass, and against each
// wrong answer kept for it, where it must fail. The student's test file
// stands in for the day's through an overlay, so their holes do not
// matter.
func StudentTest(ctx context.Context, root string, d Day, e Exercise, dir string) error {
	mine, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(e.File)))
	if err != nil {
		return err
	}
	exercises, err := Exercises(d.Dir)
	if err != nil {
		return err
	}
	all, err := WrongAnswers(filepath.Join(root, solutionsDir, d.Name), exercises)
	if err != nil {
		return err
	}
	var wrongs []Wrong
	for _, w := range all {
		if w.TestExercise == e.N {
			wrongs = append(wrongs, w)
		}
	}
	abs, err := filepath.Abs(d.Dir)
	if err != nil {
		return err
	}
	work, err := BuildDir("student test", abs, e.File)
	if err != nil {
		return err
	}
	return TestHolds(ctx, d.Dir, exercises, e, wrongs, map[string][]byte{e.File: mine}, work)
}

// funcSource returns the source of the function called name in the Go
// file name (whose content is src, or read from disk when src is nil),
// formatted as gofmt would, and the line where it starts; "" and 0 when
// the file or function cannot be read.
func funcSource(name string, src []byte, fn string) (string, int) {
	if src == nil {
		var err error
		if src, err = os.ReadFile(name); err != nil {
			return "", 0
		}
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return "", 0
	}
	decl := findFunc(f, fn)
	if decl == nil {
		return "", 0
	}
	start, end := fset.Position(decl.Pos()).Offset, fset.Position(decl.End()).Offset
	return normalize(src[start:end]), fset.Position(decl.Pos()).Line
}

// normalize drops the blank space at the ends of lines and blank lines,
// so that an editor's whitespace does not make a hole look started.
func normalize(src []byte) string {
	var lines []string
	for line := range bytes.Lines(src) {
		if line = bytes.TrimSpace(line); len(line) > 0 {
			lines = append(lines, string(line))
		}
	}
	return strings.Join(lines, "\n")
}

// findFunc returns the function of f that FuncName calls name.
func findFunc(f *ast.File, name string) *ast.FuncDecl {
	for _, decl := range f.Decls {
		if fn, ok := decl.(*ast.FuncDecl); ok && FuncName(fn) == name {
			return fn
		}
	}
	return nil
}

// Reset puts exercise n's holes back in the starter of day d of the course
// at root. The student's version of the exercise's functions is saved
// first, to a file under starter/_saved that Reset names, with the rest of
// the file only if it could not be read as Go; the file's other functions
// stay as the student has them. It returns the saved file ("" when the
// exercise was untouched, and nothing changed) and the starter files it
// changed.
func Reset(root string, d Day, n int) (saved string, changed []string, err error) {
	dir, err := StarterOf(root, d)
	if err != nil {
		return "", nil, err
	}
	exercises, err := Exercises(d.Dir)
	if err != nil {
		return "", nil, err
	}
	of := Of(exercises, n)
	if len(of) == 0 {
		return "", nil, fmt.Errorf("%w: %s has exercises %s", ErrUnknownNumber, d.Name, numberList(exercises))
	}
	holes, err := Starter(d.Dir, nil)
	if err != nil {
		return "", nil, err
	}
	var backup bytes.Buffer
	writes := map[string][]byte{} // the files to write, once the student's code is saved
	for _, file := range filesOf(of) {
		name := filepath.Join(dir, filepath.FromSlash(file))
		mine, err := os.ReadFile(name)
		if err != nil && !errors.Is(err, fs.ErrNotExist) {
			return "", nil, err
		}
		fixed, kept, err := resetFile(name, mine, holes[file].Data, inFile(of, file))
		if err != nil {
			return "", nil, err
		}
		if bytes.Equal(fixed, mine) {
			continue
		}
		fmt.Fprintf(&backup, "// From %s:\n\n%s\n", path.Join(starterDir, d.Name, file), kept)
		changed = append(changed, path.Join(starterDir, d.Name, file))
		writes[name] = fixed
	}
	if backup.Len() == 0 {
		return "", nil, nil
	}
	if saved, err = saveReset(root, d, n, backup.Bytes()); err != nil {
		return "", nil, err
	}
	for name, data := range writes {
		if err := os.WriteFile(name, data, 0o644); err != nil {
			return saved, changed, err
		}
	}
	return saved, changed, nil
}

// inFile returns the exercises of exercises whose function is in file: an
// exercise can have holes in several files.
func inFile(exercises []Exercise, file string) []Exercise {
	var in []Exercise
	for _, e := range exercises {
		if e.File == file {
			in = append(in, e)
		}
	}
	return in
}

// resetFile returns the file name, whose content is mine, with the
// functions of exercises as they are in hole, the starter's version, and
// what it took out of mine to do so: those functions, after the imports of
// mine they use, so that the student can paste them back whole. When mine
// cannot be read as Go, it is the starter's file, and kept is all of mine.
// A declaration the holes need that mine lost, such as notDone, comes back.
func resetFile(name string, mine, hole []byte, exercises []Exercise) (fixed, kept []byte, err error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, mine, parser.ParseComments|parser.SkipObjectResolution)
	if mine == nil || err != nil {
		return hole, mine, nil
	}
	holeSet := token.NewFileSet()
	h, err := parser.ParseFile(holeSet, name, hole, parser.ParseComments|parser.SkipObjectResolution)
	if err != nil {
		return nil, nil, err
	}
	var edits []edit
	var saved []string
	var savedDecls []*ast.FuncDecl
	for _, e := range exercises {
		want := findFunc(h, e.Func)
		start, end := declRange(holeSet, want)
		text := string(hole[start:end])
		if got := findFunc(f, e.Func); got != nil {
			gs, ge := declRange(fset, got)
			if normalize(mine[gs:ge]) == normalize([]byte(text)) {
				continue
			}
			saved = append(saved, string(mine[gs:ge]))
			savedDecls = append(savedDecls, got)
			edits = append(edits, edit{gs, ge, text})
		} else {
			edits = append(edits, edit{len(mine), len(mine), "\n" + text + "\n"})
		}
	}
	if len(edits) == 0 {
		return mine, nil, nil
	}
	if helper := findFunc(h, notDoneName); helper != nil && findFunc(f, notDoneName) == nil {
		start, end := declRange(holeSet, helper)
		edits = append(edits, edit{len(mine), len(mine), "\n" + string(hole[start:end]) + "\n"})
	}
	fixed, err = fixImports(name, apply(mine, edits))
	if err != nil {
		return nil, nil, err
	}
	kept = []byte(strings.Join(saved, "\n\n"))
	if imports := importsUsed(fset, mine, f, savedDecls); imports != "" {
		kept = []byte(imports + "\n\n" + string(kept))
	}
	return fixed, kept, nil
}

// importsUsed returns an import declaration of the imports of file f,
// whose source is src, that the functions fns use; "" when they use none.
func importsUsed(fset *token.FileSet, src []byte, f *ast.File, fns []*ast.FuncDecl) string {
	used := map[string]bool{} // the package names the functions name
	for _, fn := range fns {
		ast.Inspect(fn, func(n ast.Node) bool {
			if sel, ok := n.(*ast.SelectorExpr); ok {
				if id, ok := sel.X.(*ast.Ident); ok {
					used[id.Name] = true
				}
			}
			return true
		})
	}
	var lines []string
	for _, imp := range f.Imports {
		path, _ := strconv.Unquote(imp.Path.Value) // the parser accepted it
		if used[importName(imp, path)] {
			start, end := fset.Position(imp.Pos()).Offset, fset.Position(imp.End()).Offset
			lines = append(lines, "\t"+string(src[start:end]))
		}
	}
	if len(lines) == 0 {
		return ""
	}
	return "import (\n" + strings.Join(lines, "\n") + "\n)"
}

// declRange returns the offsets of fn in its file, its doc comment included.
func declRange(fset *token.FileSet, fn *ast.FuncDecl) (int, int) {
	start := fn.Pos()
	if fn.Doc != nil {
		start = fn.Doc.Pos()
	}
	return fset.Position(start).Offset, fset.Position(fn.End()).Offset
}

// saveReset writes what Reset took out of the starter to a new file under
// starter/_saved, and returns its slash-separated path from root.
func saveReset(root string, d Day, n int, data []byte) (string, error) {
	dir := filepath.Join(root, starterDir, savedDir)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	stamp := time.Now().Format("20060102-150405")
	for i := 1; ; i++ {
		name := fmt.Sprintf("%s-exercise%d-%s.go", d.Name, n, stamp)
		if i > 1 {
			name = fmt.Sprintf("%s-exercise%d-%s-%d.go", d.Name, n, stamp, i)
		}
		header := fmt.Sprintf("// What %s's exercise %d held before %s reset %s %d.\n// Copy it back, and the imports with it, to go on from there.\n\n", d.Name, n, Command, d.Name, n)
		f, err := os.OpenFile(filepath.Join(dir, name), os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return "", err
		}
		_, err = f.Write(append([]byte(header), data...))
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return path.Join(starterDir, savedDir, name), err
	}
}

// filesOf returns the files of exercises, once each, in order.
func filesOf(exercises []Exercise) []string {
	var files []string
	for _, e := range exercises {
		if !slices.Contains(files, e.File) {
			files = append(files, e.File)
		}
	}
	return files
}

// numberList names the exercises' numbers: "1 to 5".
func numberList(exercises []Exercise) string {
	numbers := Numbers(exercises)
	if len(numbers) == 0 {
		return "none"
	}
	return fmt.Sprintf("1 to %d", numbers[len(numbers)-1])
}

// FindDay returns the day of the course at root called name, or an error
// that names the days there are.
func FindDay(root, name string) (Day, error) {
	days, err := Days(root)
	if err != nil {
		return Day{}, err
	}
	var names []string
	for _, d := range days {
		if d.Name == name {
			return d, nil
		}
		names = append(names, d.Name)
	}
	return Day{}, fmt.Errorf("%w: %q; the days are %s", ErrUnknownDay, name, strings.Join(names, ", "))
}
