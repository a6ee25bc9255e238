package lesson

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"ply/internal/lab"
)

// A line number cited beside a file's name, capture_test.go:52, is a claim
// that goes stale with the first line added above it. The lab keeps the
// ones it can work out true, and refuses the others:
//
//   - a line of go test's output, "    capture_test.go:52: 17 bytes in
//     pieces of 1 …", in prose or in a code block with no marker, is the
//     line of the one t.Errorf, t.Fatalf, t.Logf … of that file whose
//     format prints the message;
//   - "TestAdd (calc_test.go:8)" is the line where the file declares
//     TestAdd.
//
// Any other cited line, or a bare `:391`, is an error: say which function,
// or leave the number out. A quote or a transcript is checked as a whole
// and is left alone.

// ErrPosition is the reason a cited line cannot be kept true.
var ErrPosition = errors.New("a line number the lab cannot keep true")

// citedLine matches a file and a line: capture_test.go:52, and what
// follows it on the line.
var citedLine = regexp.MustCompile(`((?:[A-Za-z0-9_.-]+/)*[A-Za-z0-9_][A-Za-z0-9_.-]*\.go):([0-9]+)`)

// bareLine matches a line number in backticks with no file: `:391`.
var bareLine = regexp.MustCompile("`:[0-9]+`")

// outputLine matches a line of go test's output that a test wrote: its
// indentation, the position, and the message.
var outputLine = regexp.MustCompile(`^\s*((?:[A-Za-z0-9_.-]+/)*[A-Za-z0-9_][A-Za-z0-9_.-]*\.go):([0-9]+): (.*)$`)

// namedBefore matches the name that a position in parentheses belongs to,
// at the end of the text before it: "TestAdd (".
var namedBefore = regexp.MustCompile(`([A-Za-z_][A-Za-z0-9_]*(?:\.[A-Za-z_][A-Za-z0-9_]*)?) \($`)

// A citation is one cited line of a document.
type citation struct {
	index      int    // the index in Lines of the document's line
	start, end int    // the offsets of the line number in that line
	file       string // as cited
	number     int    // the line it cites
	message    string // the message after it, for a line of go test's output
	name       string // the function it belongs to, for NAME (FILE:LINE)
}

func (c citation) String() string { return fmt.Sprintf("%s:%d", c.file, c.number) }

// citations returns the cited lines of the document: in its prose, and in
// its code blocks without a marker, where only lines of go test's output
// count. A bare `:391` comes back with no file.
func (d *Doc) citations() []citation {
	var cs []citation
	d.prose(func(i int, line string) {
		for _, m := range citedLine.FindAllStringSubmatchIndex(line, -1) {
			c := citation{index: i, start: m[4], end: m[5], file: line[m[2]:m[3]]}
			c.number, _ = strconv.Atoi(line[m[4]:m[5]]) // the pattern allows only digits
			if o := outputLine.FindStringSubmatch(line); o != nil && o[1] == c.file {
				c.message = o[3]
			}
			before := line[:m[0]]
			if i > 0 && strings.TrimSpace(before) == "(" {
				before = d.Lines[i-1] + " (" // the name ended the line before
			}
			if n := namedBefore.FindStringSubmatch(before); n != nil && m[1] < len(line) && line[m[1]] == ')' {
				c.name = n[1]
			}
			cs = append(cs, c)
		}
		for _, m := range bareLine.FindAllStringIndex(line, -1) {
			cs = append(cs, citation{index: i, start: m[0] + 2, end: m[1] - 1})
		}
	})
	for _, b := range d.Blocks {
		if b.Marker != "" {
			continue // a quote is the code, and a transcript is checked whole
		}
		for j := b.open + 1; j < b.close && j < len(d.Lines); j++ {
			m := outputLine.FindStringSubmatchIndex(d.Lines[j])
			if m == nil {
				continue
			}
			line := d.Lines[j]
			c := citation{index: j, start: m[4], end: m[5], file: line[m[2]:m[3]], message: line[m[6]:m[7]]}
			c.number, _ = strconv.Atoi(line[m[4]:m[5]])
			// go test indents the further lines of a message deeper.
			indent := len(line) - len(strings.TrimLeft(line, " \t"))
			for k := j + 1; k < b.close && k < len(d.Lines); k++ {
				next := d.Lines[k]
				text := strings.TrimLeft(next, " \t")
				if len(next)-len(text) <= indent || text == "" || outputLine.MatchString(next) {
					break
				}
				c.message += "\n" + text
			}
			cs = append(cs, c)
		}
	}
	slices.SortFunc(cs, func(a, b citation) int { return a.index - b.index })
	return cs
}

// A lineFix is a cited line the code now puts elsewhere: the line it
// should say, or why none can be worked out.
type lineFix struct {
	citation
	want int
	err  error
}

// lineFixes works out each cited line of the document from the code in
// codeDir, and returns those that are wrong.
func (d *Doc) lineFixes(codeDir string) []lineFix {
	var fixes []lineFix
	files := &codeFiles{dir: codeDir}
	for _, c := range d.citations() {
		want, err := files.resolve(c)
		if err != nil || want != c.number {
			fixes = append(fixes, lineFix{citation: c, want: want, err: err})
		}
	}
	return fixes
}

// positionErrors returns the document's cited lines that are wrong, as
// errors naming the document's line.
func (d *Doc) positionErrors(codeDir string) []error {
	var errs []error
	for _, f := range d.lineFixes(codeDir) {
		if f.err != nil {
			errs = append(errs, &lab.PosError{File: d.Path, Line: f.index + 1, Err: f.err})
			continue
		}
		errs = append(errs, &lab.PosError{File: d.Path, Line: f.index + 1,
			Err: fmt.Errorf("%s: the code has moved it to line %d (go run ply/cmd/lab rewrites it)", f.citation, f.want)})
	}
	return errs
}

// codeFiles finds and parses the Go files that citations name, under dir.
type codeFiles struct {
	dir    string
	all    []string // the Go files under dir, slash-separated from it; read once
	listed bool
	parsed map[string]*parsedFile
}

// A parsedFile is a Go file, parsed.
type parsedFile struct {
	fset *token.FileSet
	f    *ast.File
}

// resolve returns the line that c should cite.
func (cf *codeFiles) resolve(c citation) (int, error) {
	if c.file == "" {
		return 0, fmt.Errorf("%w: a bare line number; name its file and what prints there, or leave it out", ErrPosition)
	}
	names, err := cf.find(c.file)
	if err != nil {
		return 0, err
	}
	if len(names) == 0 {
		return 0, fmt.Errorf("%w: %s: there is no such file under %s", ErrPosition, c, cf.dir)
	}
	var found []string // file:line, each way the citation resolves
	var line int
	for _, name := range names {
		pf, err := cf.parse(name)
		if err != nil {
			return 0, err
		}
		var lines []int
		switch {
		case c.message != "":
			lines = pf.printing(c.message)
		case c.name != "":
			lines = pf.declaring(c.name)
		}
		for _, l := range lines {
			found = append(found, fmt.Sprintf("%s:%d", name, l))
			line = l
		}
	}
	switch {
	case len(found) == 1:
		return line, nil
	case len(found) > 1:
		return 0, fmt.Errorf("%w: %s could be any of %s", ErrPosition, c, strings.Join(found, ", "))
	case c.message != "":
		return 0, fmt.Errorf("%w: %s: no call of t.Errorf, t.Fatalf, t.Logf … in %s prints %q (a helper that calls t.Helper prints its caller's line, which cannot be told)",
			ErrPosition, c, strings.Join(names, ", "), shorten(c.message, 60))
	case c.name != "":
		return 0, fmt.Errorf("%w: %s: %s declares no %s", ErrPosition, c, strings.Join(names, ", "), c.name)
	}
	return 0, fmt.Errorf("%w: %s: write it as a line of go test's output or as NAME (%s:N), or leave the number out", ErrPosition, c, c.file)
}

// find returns the Go files under the folder that the cited file names:
// the same path, or the same name in any folder.
func (cf *codeFiles) find(file string) ([]string, error) {
	if !cf.listed {
		cf.listed = true
		err := filepath.WalkDir(cf.dir, func(name string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if e.IsDir() && name != cf.dir && (strings.HasPrefix(e.Name(), ".") || isDay(e.Name()) || e.Name() == "starter" || e.Name() == "solutions") {
				return filepath.SkipDir // another day's files are not this one's
			}
			if !e.IsDir() && strings.HasSuffix(name, ".go") {
				rel, err := filepath.Rel(cf.dir, name)
				if err != nil {
					return err
				}
				cf.all = append(cf.all, filepath.ToSlash(rel))
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
	}
	var names []string
	for _, rel := range cf.all {
		if rel == file || strings.HasSuffix(rel, "/"+file) {
			names = append(names, path.Join(filepath.ToSlash(cf.dir), rel))
		}
	}
	return names, nil
}

// isDay reports whether a folder's name is a day's, which under the root
// of the course holds that day's code.
func isDay(name string) bool {
	return len(name) == 5 && strings.HasPrefix(name, "day") && name[3] >= '0' && name[3] <= '9' && name[4] >= '0' && name[4] <= '9'
}

// parse parses the Go file name once.
func (cf *codeFiles) parse(name string) (*parsedFile, error) {
	if pf, ok := cf.parsed[name]; ok {
		return pf, nil
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, filepath.FromSlash(name), nil, parser.SkipObjectResolution)
	if err != nil {
		return nil, err
	}
	if cf.parsed == nil {
		cf.parsed = map[string]*parsedFile{}
	}
	cf.parsed[name] = &parsedFile{fset, f}
	return cf.parsed[name], nil
}

// dayOwnPointer matches a test message's pointer at a day's exercise, as
// the day writes it ("see day05's exercise 2"): the starter, whose output
// the keys show, prints the day's own as "see exercise 2".
var dayOwnPointer = regexp.MustCompile(`\bday[0-9][0-9]'s exercise\b`)

// reports are the methods of testing.T and testing.B that print a message
// with the line that called them.
var reports = map[string]bool{
	"Error": true, "Errorf": true, "Fatal": true, "Fatalf": true,
	"Log": true, "Logf": true, "Skip": true, "Skipf": true,
}

// printing returns the lines of the calls of the file that print message
// with their own line: a test's report whose format makes the message,
// in a function that does not call t.Helper.
func (pf *parsedFile) printing(message string) []int {
	var lines []int
	for _, decl := range pf.f.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || fn.Body == nil {
			continue
		}
		ast.Inspect(fn.Body, func(n ast.Node) bool {
			if lit, ok := n.(*ast.FuncLit); ok && callsHelper(lit.Body) {
				return false // its reports print the line of whoever called it
			}
			call, ok := n.(*ast.CallExpr)
			if !ok {
				return true
			}
			sel, ok := call.Fun.(*ast.SelectorExpr)
			if !ok || !reports[sel.Sel.Name] || len(call.Args) == 0 {
				return true
			}
			format, ok := literal(call.Args[0])
			if !ok {
				return true
			}
			formatted := strings.HasSuffix(sel.Sel.Name, "f")
			if formatMatches(format, formatted, message) || formatMatches(dayOwnPointer.ReplaceAllString(format, "exercise"), formatted, message) {
				lines = append(lines, pf.fset.Position(sel.Sel.Pos()).Line)
			}
			return true
		})
		if callsHelper(fn.Body) {
			lines = slices.DeleteFunc(lines, func(l int) bool {
				return l >= pf.fset.Position(fn.Pos()).Line && l <= pf.fset.Position(fn.End()).Line
			})
		}
	}
	return lines
}

// callsHelper reports whether the body calls t.Helper() itself, outside
// the functions it holds.
func callsHelper(body *ast.BlockStmt) bool {
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		if _, ok := n.(*ast.FuncLit); ok {
			return false
		}
		if call, ok := n.(*ast.CallExpr); ok {
			if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "Helper" && len(call.Args) == 0 {
				found = true
			}
		}
		return !found
	})
	return found
}

// literal returns the value of a string literal, or of literals joined
// with +.
func literal(e ast.Expr) (string, bool) {
	switch e := e.(type) {
	case *ast.BasicLit:
		if e.Kind != token.STRING {
			return "", false
		}
		s, err := strconv.Unquote(e.Value)
		return s, err == nil
	case *ast.BinaryExpr:
		if e.Op != token.ADD {
			return "", false
		}
		x, ok1 := literal(e.X)
		y, ok2 := literal(e.Y)
		return x + y, ok1 && ok2
	case *ast.ParenExpr:
		return literal(e.X)
	}
	return "", false
}

// verb matches a verb of a fmt format, with its flags, width and precision.
var verb = regexp.MustCompile(`%[-+# 0]*(?:\[[0-9]+\])?(?:[0-9]+|\*)?(?:\.(?:[0-9]+|\*)?)?(?:\[[0-9]+\])?[a-zA-Z%]`)

// formatMatches reports whether the format, printed with any arguments,
// can make message, which may stop before the format's last line: every
// verb stands for any text. Without a format (t.Error, t.Log), the text is
// the first argument, and more may follow after a space.
func formatMatches(format string, isFormat bool, message string) bool {
	lines := strings.Split(format, "\n")
	shown := strings.Count(message, "\n") + 1
	if shown < len(lines) {
		lines = lines[:shown] // the transcript leaves the rest out
	}
	var pattern string
	if isFormat {
		var b strings.Builder
		text := strings.Join(lines, "\n")
		last := 0
		for _, m := range verb.FindAllStringIndex(text, -1) {
			b.WriteString(regexp.QuoteMeta(text[last:m[0]]))
			b.WriteString(verbPattern(text[m[0]:m[1]]))
			last = m[1]
		}
		b.WriteString(regexp.QuoteMeta(text[last:]))
		pattern = b.String()
	} else {
		pattern = regexp.QuoteMeta(strings.Join(lines, "\n")) + "(?: .*)?"
	}
	re, err := regexp.Compile("(?s)^" + pattern + "$")
	return err == nil && re.MatchString(strings.TrimRight(message, " "))
}

// verbPattern returns what the verb may print, as a regular expression:
// a quoted string or a list of them for %q, a number or a list of them
// for %d, any text for the rest.
func verbPattern(verb string) string {
	switch verb[len(verb)-1] {
	case '%':
		return "%"
	case 'q':
		quoted := `(?:"(?:[^"\\]|\\.)*"|` + "`[^`]*`" + `|'(?:[^'\\]|\\.)*')`
		return `(?:` + quoted + `|\[(?:` + quoted + `(?: ` + quoted + `)*)?\])`
	case 'd':
		return `(?:-?[0-9]+|\[(?:-?[0-9]+(?: -?[0-9]+)*)?\])`
	}
	return ".*"
}

// declaring returns the line where the file declares name: a function, a
// method as Type.Method, or a type.
func (pf *parsedFile) declaring(name string) []int {
	if decl := findDecl(pf.f, name); decl != nil {
		if fn, ok := decl.(*ast.FuncDecl); ok {
			return []int{pf.fset.Position(fn.Name.Pos()).Line}
		}
		return []int{pf.fset.Position(decl.Pos()).Line}
	}
	return nil
}

// shorten cuts text to n runes, marking the cut.
func shorten(text string, n int) string {
	r := []rune(text)
	if len(r) <= n {
		return text
	}
	return string(r[:n]) + "…"
}
