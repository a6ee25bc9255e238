package lab

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"maps"
	"os"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

var holeTests = []struct {
	name string
	in   string // a.go in the day, with its directives
	want string // a.go in the starter
}{
	{
		name: "blank comment line before the directive goes too",
		in: `package a

// F does f.
//
//lab:exercise 1 Do f.
func F() {
	println("f")
}
`,
		want: `package a

// F does f.
func F() {
	// TODO(lab 1): Do f.
	// See "Exercise 1" in README.md; for hints: go run ply/cmd/lab hint day01 1
}
`,
	},
	{
		name: "doc that is only the directive",
		in:   "package a\n\n//lab:exercise 1 Do f.\nfunc F() int { return 1 }\n",
		want: "package a\n\nfunc F() int {\n\t// TODO(lab 1): Do f.\n\t// See \"Exercise 1\" in README.md; for hints: go run ply/cmd/lab hint day01 1\n\treturn 0\n}\n",
	},
	{
		name: "long hint wraps at 80 columns",
		in: `package a

// F does f.
//
//lab:exercise 2 Walk the list from the end and return the first element for which keep is true; return the empty string when there is none, and never look at an element twice.
func F() {}

//lab:exercise 1 One.
func G() {}
`,
		want: `package a

// F does f.
func F() {
	// TODO(lab 2): Walk the list from the end and return the first element for
	// which keep is true; return the empty string when there is none, and never
	// look at an element twice.
	// See "Exercise 2" in README.md; for hints: go run ply/cmd/lab hint day01 2
}

func G() {
	// TODO(lab 1): One.
	// See "Exercise 1" in README.md; for hints: go run ply/cmd/lab hint day01 1
}
`,
	},
	{
		name: "errors, and imports the hole no longer needs",
		in: `package a

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Decode decodes.
//
//lab:exercise 1 Decode it.
func Decode(s string) (map[string]int, int, error) {
	var m map[string]int
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		return nil, 0, fmt.Errorf("decode: %w", err)
	}
	return m, len(m), nil
}

// Upper shouts.
func Upper(s string) string { return strings.ToUpper(s) }
`,
		want: `package a

import (
	"fmt"
	"strings"
)

// Decode decodes.
func Decode(s string) (map[string]int, int, error) {
	// TODO(lab 1): Decode it.
	// See "Exercise 1" in README.md; for hints: go run ply/cmd/lab hint day01 1
	return nil, 0, notDone(1)
}

// Upper shouts.
func Upper(s string) string { return strings.ToUpper(s) }

// notDone is the error of this file's holes until their exercises are
// done. It lives out here, not in a hole, so that filling a hole never
// leaves an import unused; delete it once no hole calls it.
func notDone(exercise int) error {
	return fmt.Errorf("exercise %d is not done yet", exercise)
}
`,
	},
	{
		name: "errors used outside the holes makes their errors",
		in:   "package a\n\nimport \"errors\"\n\nvar ErrX = errors.New(\"x\")\n\n//lab:exercise 1 Fail.\nfunc F() error {\n\treturn ErrX\n}\n",
		want: "package a\n\nimport \"errors\"\n\nvar ErrX = errors.New(\"x\")\n\nfunc F() error {\n\t// TODO(lab 1): Fail.\n\t// See \"Exercise 1\" in README.md; for hints: go run ply/cmd/lab hint day01 1\n\treturn errors.New(\"exercise 1 is not done yet\")\n}\n",
	},
	{
		name: "then fmt",
		in:   "package a\n\nimport \"fmt\"\n\n//lab:exercise 1 Fail.\nfunc F() error {\n\treturn fmt.Errorf(\"x\")\n}\n\nfunc G() string { return fmt.Sprint(1) }\n",
		want: "package a\n\nimport \"fmt\"\n\nfunc F() error {\n\t// TODO(lab 1): Fail.\n\t// See \"Exercise 1\" in README.md; for hints: go run ply/cmd/lab hint day01 1\n\treturn fmt.Errorf(\"exercise 1 is not done yet\")\n}\n\nfunc G() string { return fmt.Sprint(1) }\n",
	},
	{
		name: "named results",
		in:   "package a\n\n//lab:exercise 1 Split.\nfunc Split(s string) (head, tail string, err error) {\n\treturn s, s, nil\n}\n",
		want: "package a\n\nimport \"fmt\"\n\nfunc Split(s string) (head, tail string, err error) {\n\t// TODO(lab 1): Split.\n\t// See \"Exercise 1\" in README.md; for hints: go run ply/cmd/lab hint day01 1\n\treturn \"\", \"\", notDone(1)\n}\n" + `
// notDone is the error of this file's holes until their exercises are
// done. It lives out here, not in a hole, so that filling a hole never
// leaves an import unused; delete it once no hole calls it.
func notDone(exercise int) error {
	return fmt.Errorf("exercise %d is not done yet", exercise)
}
`,
	},
}

// TestStarterTestHole checks the hole of a test the student writes: it
// fails, saying so, and the imports only the test used go.
func TestStarterTestHole(t *testing.T) {
	dir := newDay(t, map[string]string{"a_test.go": `package a

import (
	"strings"
	"testing"
)

// TestUpper shows that Upper shouts.
//
//lab:exercise 1 Show that Upper shouts.
//lab:hint Call it.
func TestUpper(tt *testing.T) {
	if strings.ToUpper("a") != "A" {
		tt.Error("no")
	}
}
`})
	starter, err := Starter(dir, nil)
	if err != nil {
		t.Fatalf("Starter: %v", err)
	}
	want := `package a

import (
	"testing"
)

// TestUpper shows that Upper shouts.
func TestUpper(tt *testing.T) {
	// TODO(lab 1): Show that Upper shouts.
	// See "Exercise 1" in README.md; for hints: go run ply/cmd/lab hint day01 1
	tt.Fatal("exercise 1 is not done yet: write this test")
}
`
	if got := string(starter["a_test.go"].Data); got != want {
		t.Errorf("starter a_test.go =\n%s\nwant\n%s", got, want)
	}
}

func TestStarterHoles(t *testing.T) {
	for _, tt := range holeTests {
		t.Run(tt.name, func(t *testing.T) {
			dir := newDay(t, map[string]string{"a.go": tt.in})
			starter, err := Starter(dir, nil)
			if err != nil {
				t.Fatalf("Starter: %v", err)
			}
			if got := string(starter["a.go"].Data); got != tt.want {
				t.Errorf("starter a.go =\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}

// TestStarterKeep checks that a kept exercise keeps its code, and that
// files without exercises are copied as they are.
func TestStarterKeep(t *testing.T) {
	files := map[string]string{
		"a.go":      "package a\n\n//lab:exercise 1 One.\nfunc One() int { return 1 }\n\n//lab:exercise 2 Two.\nfunc Two() int { return 2 }\n",
		"b.go":      "package a\n\n// Three is not an exercise.\nfunc Three() int { return 3 }\n",
		"README.md": "# A\n",
	}
	dir := newDay(t, files)
	starter, err := Starter(dir, func(e Exercise) bool { return e.N == 2 })
	if err != nil {
		t.Fatalf("Starter: %v", err)
	}
	want := "package a\n\nfunc One() int {\n\t// TODO(lab 1): One.\n\t// See \"Exercise 1\" in README.md; for hints: go run ply/cmd/lab hint day01 1\n\treturn 0\n}\n\nfunc Two() int { return 2 }\n"
	if got := string(starter["a.go"].Data); got != want {
		t.Errorf("starter a.go, keeping exercise 2 =\n%s\nwant\n%s", got, want)
	}
	for _, name := range []string{"b.go", "README.md", "go.mod"} {
		if got, want := string(starter[name].Data), string(newDayFiles(files)[name]); got != want {
			t.Errorf("starter %s = %q, want it copied as it is: %q", name, got, want)
		}
	}
	if got := slices.Sorted(maps.Keys(starter)); !slices.Equal(got, []string{"README.md", "a.go", "b.go", "go.mod"}) {
		t.Errorf("starter files = %q, want every file of the day", got)
	}
}

// newDayFiles returns files as newDay writes them.
func newDayFiles(files map[string]string) map[string]string {
	all := map[string]string{"go.mod": testModule}
	maps.Copy(all, files)
	return all
}

var wrapTests = []struct {
	text  string
	width int
	want  []string
}{
	{"", 10, nil},
	{"one", 10, []string{"one"}},
	{"one two three", 7, []string{"one two", "three"}},
	{"one two three", 8, []string{"one two", "three"}},
	{"a verylongword b", 5, []string{"a", "verylongword", "b"}},
	{"où est-ce", 9, []string{"où est-ce"}},
}

func TestWrap(t *testing.T) {
	for _, tt := range wrapTests {
		if got := wrap(tt.text, tt.width); !slices.Equal(got, tt.want) {
			t.Errorf("wrap(%q, %d) = %q, want %q", tt.text, tt.width, got, tt.want)
		}
	}
}

var zeroTests = []struct {
	name    string
	files   map[string]string // more of the day; a.go declares F, whose result is the type
	imports string            // a.go's imports
	result  string            // F's result type
	want    string            // the hole's return line, or the error it gets
}{
	{name: "string", result: "string", want: `return ""`},
	{name: "bool", result: "bool", want: "return false"},
	{name: "rune", result: "rune", want: "return 0"},
	{name: "complex", result: "complex128", want: "return 0"},
	{name: "any", result: "any", want: "return nil"},
	{name: "error", result: "error", want: `return notDone(1)`},
	{name: "pointer", result: "*int", want: "return nil"},
	{name: "slice", result: "[]byte", want: "return nil"},
	{name: "map", result: "map[string]int", want: "return nil"},
	{name: "channel", result: "<-chan int", want: "return nil"},
	{name: "function", result: "func() error", want: "return nil"},
	{name: "interface", result: "interface{ M() }", want: "return nil"},
	{name: "array", result: "[3]int", want: "return [3]int{}"},
	{name: "struct literal type", result: "struct{ X int }", want: "return struct{ X int }{}"},
	{name: "two results", result: "(int, error)", want: `return 0, notDone(1)`},
	{
		name:   "types declared in another file of the package",
		files:  map[string]string{"types.go": "package a\n\ntype (\n\tS struct{}\n\tName string\n\tCount int\n\tOK bool\n\tList []S\n\tAlias = S\n\tInner Name\n)\n"},
		result: "(S, Name, Count, OK, List, Alias, Inner)",
		want:   `return S{}, "", 0, false, nil, Alias{}, ""`,
	},
	{
		name:   "generic type",
		files:  map[string]string{"types.go": "package a\n\ntype Pair[K, V any] struct{ k K; v V }\n"},
		result: "Pair[string, int]",
		want:   "return Pair[string, int]{}",
	},
	{
		name: "type of another package of the day",
		files: map[string]string{
			"llm/llm.go": "package llm\n\ntype Message struct{}\n\ntype Role string\n\ntype Wait int\n",
		},
		imports: `"example.com/day/llm"`,
		result:  "(llm.Message, llm.Role, llm.Wait)",
		want:    `return llm.Message{}, "", 0`,
	},
	{
		name:    "pointers to types of other modules",
		imports: "\"net/http\"",
		result:  "(*http.Request, []http.Header)",
		want:    "return nil, nil",
	},
	{
		name:    "the standard library's durations and times",
		imports: "\"time\"\n\tclock \"time\"",
		result:  "(time.Duration, bool, clock.Time)",
		want:    "return 0, false, clock.Time{}",
	},
	{name: "unknown type", result: "Missing", want: "no type Missing"},
	{name: "unknown package type", imports: `"sync"`, result: "sync.Mutex", want: "sync.Mutex is not a type of the day's module"},
}

func TestZeroValues(t *testing.T) {
	for _, tt := range zeroTests {
		t.Run(tt.name, func(t *testing.T) {
			src := "package a\n\n"
			if tt.imports != "" {
				src += "import (\n\t" + tt.imports + "\n)\n\n"
			}
			src += "//lab:exercise 1 Return something.\nfunc F() " + tt.result + " {\n\tpanic(1)\n}\n"
			files := map[string]string{"a.go": src}
			maps.Copy(files, tt.files)
			starter, err := Starter(newDay(t, files), nil)
			if err != nil {
				if !errors.Is(err, ErrNoZero) || !strings.Contains(err.Error(), tt.want) {
					t.Fatalf("Starter = error %v, want %q", err, tt.want)
				}
				if at := fmt.Sprintf("a.go:%d: F: result %s", strings.Count(src, "\n")-2, tt.result); !strings.Contains(err.Error(), at) {
					t.Errorf("Starter = error %v, want it to name the place, the function and the result: %s", err, at)
				}
				return
			}
			if got := returnLine(string(starter["a.go"].Data)); got != tt.want {
				t.Errorf("hole of func F() %s: %q, want %q\n%s", tt.result, got, tt.want, starter["a.go"].Data)
			}
		})
	}
}

// returnLine returns the first return statement in src, trimmed.
func returnLine(src string) string {
	for line := range strings.Lines(src) {
		if line = strings.TrimSpace(line); strings.HasPrefix(line, "return") {
			return line
		}
	}
	return "(no return)"
}

// holesDay is a day whose holes return one of every kind of result, and
// whose imports the holes leave unused.
var holesDay = map[string]string{
	"llm/llm.go": `package llm

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Message is a message.
type Message struct{ Text string }

// Role is a role.
type Role string

// Decode decodes.
//
//lab:exercise 1 Decode the message.
func Decode(data []byte) (Message, error) {
	var m Message
	err := json.Unmarshal(data, &m)
	return m, err
}

// Post posts.
//
//lab:exercise 2 Post it.
func Post(ctx context.Context, url string) (*http.Request, int, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(""))
	if err != nil {
		return nil, 0, fmt.Errorf("post: %w", err)
	}
	return req, int(time.Second), nil
}

// Hello greets.
func Hello() Role { return Role(fmt.Sprint("hello")) }
`,
	"agent/agent.go": `package agent

import "example.com/day/llm"

// Agent is an agent.
type Agent struct{ messages []llm.Message }

// Last returns the last message.
//
//lab:exercise 3 Return the last message.
func (a *Agent) Last() (llm.Message, llm.Role, bool) {
	return a.messages[len(a.messages)-1], "user", true
}
`,
}

// TestHolesCompile builds and vets a starter full of holes.
func TestHolesCompile(t *testing.T) {
	starter, err := Starter(newDay(t, holesDay), nil)
	if err != nil {
		t.Fatalf("Starter: %v", err)
	}
	dir := t.TempDir()
	if err := starter.Write(dir); err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(t.Context(), "go", "vet", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go vet ./... in the starter: %v\n%s", err, out)
		for name, f := range starter {
			t.Logf("%s:\n%s", name, f.Data)
		}
	}
}

// TestFilledHolesLeaveNoUnusedImport fills every hole of a starter with a
// body that uses no package, as a student's answer may, and checks that
// the starter still builds: no import was there only for a hole.
func TestFilledHolesLeaveNoUnusedImport(t *testing.T) {
	day := map[string]string{
		"a/only.go": "package a\n\n//lab:exercise 1 Fail.\nfunc F() error {\n\treturn nil\n}\n",
		"a/errs.go": "package a\n\nimport \"errors\"\n\nvar errX = errors.New(\"x\")\n\n//lab:exercise 2 Fail.\nfunc G() (int, error) {\n\treturn 0, errX\n}\n",
		"a/fmts.go": "package a\n\nimport \"fmt\"\n\nfunc H() string { return fmt.Sprint(1) }\n\n//lab:exercise 3 Fail.\nfunc I() error {\n\treturn nil\n}\n",
	}
	starter, err := Starter(newDay(t, day), nil)
	if err != nil {
		t.Fatalf("Starter: %v", err)
	}
	for name, f := range starter {
		if !strings.HasSuffix(name, ".go") {
			continue
		}
		fset := token.NewFileSet()
		file, err := parser.ParseFile(fset, name, f.Data, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		var edits []edit
		for _, decl := range file.Decls {
			if fn, ok := decl.(*ast.FuncDecl); ok && fn.Body != nil && strings.Contains(string(f.Data[fset.Position(fn.Body.Pos()).Offset:fset.Position(fn.Body.End()).Offset]), "TODO(lab") {
				edits = append(edits, edit{fset.Position(fn.Body.Pos()).Offset, fset.Position(fn.Body.End()).Offset, `{ panic("filled") }`})
			}
		}
		starter[name] = File{Data: apply(f.Data, edits), Mode: f.Mode}
	}
	dir := t.TempDir()
	if err := starter.Write(dir); err != nil {
		t.Fatal(err)
	}
	cmd := exec.CommandContext(t.Context(), "go", "vet", "./...")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GOWORK=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go vet ./... in the starter with its holes filled: %v\n%s", err, out)
	}
}

// TestStarterHolesOfTheSidecar checks that a function the sidecar adds to
// an exercise is a hole too, and that the sidecar stays out of the starter.
func TestStarterHolesOfTheSidecar(t *testing.T) {
	dir := newDay(t, map[string]string{
		"a.go":   "package a\n\n// F does f.\n//\n//lab:exercise 1 Do f.\nfunc F() int { return 1 }\n\n// G does g.\nfunc G() int { return 2 }\n",
		"lab.md": "## Exercise 1: `F` in a.go\n\n1. Look.\n2. Loop.\n\n- `G` in a.go: Do g.\n",
	})
	starter, err := Starter(dir, nil)
	if err != nil {
		t.Fatalf("Starter: %v", err)
	}
	want := "package a\n\n// F does f.\nfunc F() int {\n\t// TODO(lab 1): Do f.\n\t// See \"Exercise 1\" in README.md; for hints: go run ply/cmd/lab hint day01 1\n\treturn 0\n}\n\n// G does g.\nfunc G() int {\n\t// TODO(lab 1): Do g.\n\t// See \"Exercise 1\" in README.md; for hints: go run ply/cmd/lab hint day01 1\n\treturn 0\n}\n"
	if got := string(starter["a.go"].Data); got != want {
		t.Errorf("starter a.go =\n%s\nwant\n%s", got, want)
	}
	if _, ok := starter[SidecarFile]; ok {
		t.Errorf("the starter has %s: the hints would reach the student all at once", SidecarFile)
	}
}
