package lab

import (
	"path/filepath"
	"testing"
)

var importTests = []struct {
	name string
	in   string // a.go, after the lab changed it
	want string // a.go with its imports fixed
}{
	{
		name: "an import no longer used goes",
		in:   "package a\n\nimport (\n\t\"fmt\"\n\t\"os\"\n\t\"strings\"\n)\n\nvar _ = fmt.Sprint(strings.ToUpper)\n",
		want: "package a\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n\nvar _ = fmt.Sprint(strings.ToUpper)\n",
	},
	{
		name: "errors joins the standard library group",
		in:   "package a\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/day/thing/v3\"\n)\n\nvar _ = fmt.Sprint(other.X, errors.New(\"\"))\n",
		// goimports names an import whose package name is not the last
		// element of its path.
		want: "package a\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n\n\tother \"example.com/day/thing/v3\"\n)\n\nvar _ = fmt.Sprint(other.X, errors.New(\"\"))\n",
	},
	{
		name: "an import is known by its package's name, not its path",
		in:   "package a\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/day/thing/v3\"\n)\n\nvar _ = fmt.Sprint()\n",
		want: "package a\n\nimport (\n\t\"fmt\"\n)\n\nvar _ = fmt.Sprint()\n",
	},
	{
		name: "errors in a file without imports",
		in:   "// Package a is a.\npackage a\n\nvar _ = errors.New(\"\")\n",
		want: "// Package a is a.\npackage a\n\nimport \"errors\"\n\nvar _ = errors.New(\"\")\n",
	},
}

func TestFixImports(t *testing.T) {
	dir := newDay(t, map[string]string{"thing/v3/thing.go": "package other\n\nvar X = 1\n"})
	// goimports asks the go command about the module of the folder it runs
	// in, which the lab's commands and checks run from the course's root.
	t.Chdir(dir)
	for _, tt := range importTests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := fixImports(filepath.Join(dir, "a.go"), []byte(tt.in))
			if err != nil {
				t.Fatalf("fixImports: %v", err)
			}
			if string(got) != tt.want {
				t.Errorf("fixImports of\n%s\n=\n%s\nwant\n%s", tt.in, got, tt.want)
			}
		})
	}
}
