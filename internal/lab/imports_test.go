package lab

import (
	"go/format"
	"testing"
)

var importTests = []struct {
	name   string
	before string // the file as written
	after  string // the file with its holes, before fixImports
	want   string // after fixImports and gofmt
}{
	{
		name:   "unused import leaves its group",
		before: "package a\n\nimport (\n\t\"fmt\"\n\t\"os\"\n\t\"strings\"\n)\n\nvar _ = fmt.Sprint(os.Args, strings.ToUpper)\n",
		after:  "package a\n\nimport (\n\t\"fmt\"\n\t\"os\"\n\t\"strings\"\n)\n\nvar _ = fmt.Sprint(strings.ToUpper)\n",
		want:   "package a\n\nimport (\n\t\"fmt\"\n\t\"strings\"\n)\n\nvar _ = fmt.Sprint(strings.ToUpper)\n",
	},
	{
		name:   "last import of a group",
		before: "package a\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/x\"\n)\n\nvar _ = fmt.Sprint(x.Y)\n",
		after:  "package a\n\nimport (\n\t\"fmt\"\n\n\t\"example.com/x\"\n)\n\nvar _ = fmt.Sprint()\n",
		want:   "package a\n\nimport (\n\t\"fmt\"\n)\n\nvar _ = fmt.Sprint()\n",
	},
	{
		name:   "every import of a declaration",
		before: "package a\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nvar _ = fmt.Sprint(os.Args)\n",
		after:  "package a\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nvar _ = 1\n",
		want:   "package a\n\nvar _ = 1\n",
	},
	{
		name:   "single import",
		before: "package a\n\nimport \"os\"\n\nvar _ = os.Args\n",
		after:  "package a\n\nimport \"os\"\n\nvar _ = 1\n",
		want:   "package a\n\nvar _ = 1\n",
	},
	{
		name:   "renamed import, with its comment",
		before: "package a\n\nimport (\n\t\"fmt\"\n\n\t// j is short.\n\tj \"encoding/json\"\n)\n\nvar _ = fmt.Sprint(j.Marshal)\n",
		after:  "package a\n\nimport (\n\t\"fmt\"\n\n\t// j is short.\n\tj \"encoding/json\"\n)\n\nvar _ = fmt.Sprint()\n",
		want:   "package a\n\nimport (\n\t\"fmt\"\n)\n\nvar _ = fmt.Sprint()\n",
	},
	{
		name:   "blank and dot imports stay",
		before: "package a\n\nimport (\n\t_ \"embed\"\n\t. \"strings\"\n)\n\nvar _ = ToUpper\n",
		after:  "package a\n\nimport (\n\t_ \"embed\"\n\t. \"strings\"\n)\n\nvar _ = 1\n",
		want:   "package a\n\nimport (\n\t_ \"embed\"\n\t. \"strings\"\n)\n\nvar _ = 1\n",
	},
	{
		name:   "an import whose name the lab guesses wrong stays",
		before: "package a\n\nimport \"example.com/lib\"\n\nvar _ = library.X\n",
		after:  "package a\n\nimport \"example.com/lib\"\n\nvar _ = 1\n",
		want:   "package a\n\nimport \"example.com/lib\"\n\nvar _ = 1\n",
	},
	{
		name:   "major version and go- prefix",
		before: "package a\n\nimport (\n\t\"example.com/go-thing\"\n\t\"example.com/sh/v3\"\n)\n\nvar _ = thing.X + sh.Y\n",
		after:  "package a\n\nimport (\n\t\"example.com/go-thing\"\n\t\"example.com/sh/v3\"\n)\n\nvar _ = 1\n",
		want:   "package a\n\nvar _ = 1\n",
	},
	{
		name:   "errors joins the standard library group, in order",
		before: "package a\n\nimport (\n\t\"fmt\"\n\t\"io\"\n\n\t\"example.com/x\"\n)\n\nvar _ = fmt.Sprint(io.EOF, x.Y)\n",
		after:  "package a\n\nimport (\n\t\"fmt\"\n\t\"io\"\n\n\t\"example.com/x\"\n)\n\nvar _ = fmt.Sprint(io.EOF, x.Y, errors.New(\"\"))\n",
		want:   "package a\n\nimport (\n\t\"errors\"\n\t\"fmt\"\n\t\"io\"\n\n\t\"example.com/x\"\n)\n\nvar _ = fmt.Sprint(io.EOF, x.Y, errors.New(\"\"))\n",
	},
	{
		name:   "errors takes the place of a removed import",
		before: "package a\n\nimport \"fmt\"\n\nvar _ = fmt.Sprint()\n",
		after:  "package a\n\nimport \"fmt\"\n\nvar _ = errors.New(\"\")\n",
		want:   "package a\n\nimport \"errors\"\n\nvar _ = errors.New(\"\")\n",
	},
	{
		name:   "errors in a group of its own above the module's imports",
		before: "package a\n\nimport (\n\t\"example.com/x\"\n)\n\nvar _ = x.Y\n",
		after:  "package a\n\nimport (\n\t\"example.com/x\"\n)\n\nvar _ = x.Y(errors.New(\"\"))\n",
		want:   "package a\n\nimport (\n\t\"errors\"\n\n\t\"example.com/x\"\n)\n\nvar _ = x.Y(errors.New(\"\"))\n",
	},
	{
		name:   "errors in a file without imports",
		before: "// Package a is a.\npackage a\n\nvar _ = 1\n",
		after:  "// Package a is a.\npackage a\n\nvar _ = errors.New(\"\")\n",
		want:   "// Package a is a.\npackage a\n\nimport \"errors\"\n\nvar _ = errors.New(\"\")\n",
	},
	{
		name:   "errors already imported",
		before: "package a\n\nimport \"errors\"\n\nvar _ = errors.ErrUnsupported\n",
		after:  "package a\n\nimport \"errors\"\n\nvar _ = errors.New(\"\")\n",
		want:   "package a\n\nimport \"errors\"\n\nvar _ = errors.New(\"\")\n",
	},
}

func TestFixImports(t *testing.T) {
	for _, tt := range importTests {
		t.Run(tt.name, func(t *testing.T) {
			fixed, err := fixImports([]byte(tt.before), []byte(tt.after))
			if err != nil {
				t.Fatalf("fixImports: %v", err)
			}
			got, err := format.Source(fixed)
			if err != nil {
				t.Fatalf("fixImports made a file gofmt cannot read: %v\n%s", err, fixed)
			}
			if string(got) != tt.want {
				t.Errorf("fixImports(before, after), formatted =\n%s\nwant\n%s", got, tt.want)
			}
		})
	}
}
