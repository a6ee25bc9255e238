package lesson

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// code is the code the lessons of the tests quote, in llm/mock.go.
const code = `package llm

import "strings"

// Mock is the scripted model.
type Mock struct{}

// Reply answers.
func (m *Mock) Reply(text string) string {
	return strings.ToUpper(text)
}

// Name names it.
func (Mock) Name() string { return "mock" }

// Roles a message can have.
const (
	RoleUser      = "user"
	RoleAssistant = "assistant"
)

var limit = 3 // replies per turn

// reply picks a reply.
func reply(msgs []string) string {
	if len(msgs) == 0 {
		return ""
	}
	return msgs[len(msgs)-1]
}
`

// quote returns a lesson quoting what, with the code block body.
func quote(what, body string) string {
	return "# A lesson\n\n<!-- quote " + what + " -->\n```go\n" + body + "\n```\n"
}

var checkTests = []struct {
	name string
	md   string
	want []string // what the error says, one string per line; nil when every quote matches
}{
	{name: "whole file", md: quote("llm/mock.go", code)},
	{name: "func", md: quote("llm/mock.go reply", "func reply(msgs []string) string {\n\tif len(msgs) == 0 {\n\t\treturn \"\"\n\t}\n\treturn msgs[len(msgs)-1]\n}")},
	{name: "method of a pointer", md: quote("llm/mock.go Mock.Reply", "func (m *Mock) Reply(text string) string {\n\treturn strings.ToUpper(text)\n}")},
	{name: "method of a value", md: quote("llm/mock.go Mock.Name", `func (Mock) Name() string { return "mock" }`)},
	{name: "type", md: quote("llm/mock.go Mock", "type Mock struct{}")},
	{name: "name in a group", md: quote("llm/mock.go RoleAssistant", "const (\n\tRoleUser      = \"user\"\n\tRoleAssistant = \"assistant\"\n)")},
	{name: "var with its comment", md: quote("llm/mock.go limit", "var limit = 3 // replies per turn")},
	{name: "newlines at the end", md: quote("llm/mock.go Mock", "type Mock struct{}\n\n")},
	{
		name: "a line differs",
		md:   quote("llm/mock.go reply", "func reply(msgs []string) string {\n\tif len(msgs) == 0 {\n\t\treturn \"nothing\"\n\t}\n\treturn msgs[len(msgs)-1]\n}"),
		want: []string{
			"README.md:3: quote of llm/mock.go reply differs from the code at its line 3 (go run ply/cmd/lab rewrites it):",
			"\tgot  \"\\t\\treturn \\\"nothing\\\"\" (README.md:7)",
			"\twant \"\\t\\treturn \\\"\\\"\" (code/llm/mock.go:27)",
		},
	},
	{
		name: "the quote stops early",
		md:   quote("llm/mock.go Mock.Reply", "func (m *Mock) Reply(text string) string {"),
		want: []string{
			"README.md:3: quote of llm/mock.go Mock.Reply differs from the code at its line 2 (go run ply/cmd/lab rewrites it):",
			"\tgot  (end of the quote) (README.md:6)",
			"\twant \"\\treturn strings.ToUpper(text)\" (code/llm/mock.go:10)",
		},
	},
	{
		name: "the method of another type",
		md:   quote("llm/mock.go Other.Reply", "func (o *Other) Reply(text string) string {}"),
		want: []string{"README.md:3: quote of llm/mock.go Other.Reply: no top-level func, type, var or const of that name in code/llm/mock.go"},
	},
	{
		name: "no such file",
		md:   quote("llm/gone.go reply", "func reply() {}"),
		want: []string{"README.md:3: quote of llm/gone.go reply: no such file: code/llm/gone.go"},
	},
	{
		name: "every bad quote, each on its line",
		md:   quote("llm/mock.go nope", "") + quote("llm/mock.go Mock", "type Mock int") + "<!-- quote x -->\ntext\n",
		want: []string{
			"README.md:3: quote of llm/mock.go nope: no top-level func, type, var or const of that name in code/llm/mock.go",
			"README.md:9: quote of llm/mock.go Mock differs from the code at its line 1 (go run ply/cmd/lab rewrites it):",
			"\tgot  \"type Mock int\" (README.md:11)",
			"\twant \"type Mock struct{}\" (code/llm/mock.go:6)",
			"README.md:13: no fenced code block right after the marker",
		},
	},
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "code", "llm"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "code", "llm", "mock.go"), []byte(code), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir) // so that the paths in the errors are short and the same on every machine
	for _, tt := range checkTests {
		t.Run(tt.name, func(t *testing.T) {
			if err := os.WriteFile("README.md", []byte(tt.md), 0o644); err != nil {
				t.Fatal(err)
			}
			err := Check("README.md", "code")
			if tt.want == nil {
				if err != nil {
					t.Errorf("Check of a lesson with\n%s\n= %v, want no error", tt.md, err)
				}
				return
			}
			if got, want := errString(err), strings.Join(tt.want, "\n"); got != want {
				t.Errorf("Check of a lesson with\n%s\n= error\n%s\nwant\n%s", tt.md, got, want)
			}
		})
	}
}

func TestCheckWithoutLesson(t *testing.T) {
	err := Check(filepath.Join(t.TempDir(), "README.md"), ".")
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Check of a lesson that does not exist = %v, want fs.ErrNotExist", err)
	}
}

// errString returns err's message, or "(no error)".
func errString(err error) string {
	if err == nil {
		return "(no error)"
	}
	return err.Error()
}
