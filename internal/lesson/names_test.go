package lesson

import (
	"path/filepath"
	"strings"
	"testing"

	"ply/internal/lab"
)

// TestNames checks the names of code that a lesson's prose gives, against
// a small course of two days.
func TestNames(t *testing.T) {
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "day01", "go.mod"), "module ply/day01\n\ngo 1.25.0\n")
	writeFile(t, filepath.Join(root, "day01", "tools", "workspace.go"), `package tools

import (
	"errors"
	"os"
)

// ErrEventTooLong is an error of the day.
var ErrEventTooLong = errors.New("too long")

// Workspace is a type of the day.
type Workspace struct{ Dir string }

// NewWorkspace makes one.
func NewWorkspace(dir string) *Workspace { return &Workspace{Dir: dir} }

// Resolve is a method.
func (w *Workspace) Resolve(p string) error {
	if p == "" {
		return os.ErrProcessDone
	}
	return nil
}

var lockFile = "LockFileEx"
`)
	writeFile(t, filepath.Join(root, "day01", "tools", "workspace_test.go"), "package tools\n\nimport \"testing\"\n\nfunc TestResolve(t *testing.T) {}\n")
	writeFile(t, filepath.Join(root, "day02", "go.mod"), "module ply/day02\n\ngo 1.25.0\n")
	writeFile(t, filepath.Join(root, "day02", "agent", "agent.go"), "package agent\n\n// Agent is tomorrow's.\ntype Agent struct{}\n\n// Send sends.\nfunc (a *Agent) Send() {}\n")
	days, err := lab.Days(root)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		line string
		want string // a part of the error; "" for none
	}{
		{"`tools.NewWorkspace(dir)` makes one, `*tools.Workspace`, and `ErrEventTooLong` ends it.", ""},
		{"`Workspace.Resolve` and `Workspace.Dir`, `TestResolve`, `os.ErrProcessDone`, `strings.Cut`.", ""},
		{"Not code: `c.start`, `go test ./...`, `PATH`, `main.go`, `GIT_KEY_n`, `Authorization`, `LockFileEx`.", ""},
		{"Tomorrow brings `Agent.Send`.", ""},
		{"`tools.NewWorkspaces` makes one.", "package tools of " + filepath.Join(root, "day01") + " declares no NewWorkspaces"},
		{"`ErrEventTooLng` ends it.", "declares ErrEventTooLng; is it ErrEventTooLong?"},
		{"`TestResolves` runs it.", "declares TestResolves"},
		{"It returns `os.ErrClosed`.", "os.ErrClosed exists, but neither"},
		{"It calls `strings.Cutt`.", "strings (strings) has no exported Cutt"},
		{"`Agent.Send` is today's.", "declares Agent.Send"},
	}
	for _, tt := range tests {
		lesson := filepath.Join(root, "day01", "README.md")
		writeFile(t, lesson, "# Day 1\n\n"+tt.line+"\n")
		errs := NameProblems(lesson, filepath.Join(root, "day01"), days)
		switch {
		case tt.want == "" && len(errs) > 0:
			t.Errorf("%s\n\tNameProblems = %v, want none", tt.line, errs)
		case tt.want != "" && (len(errs) != 1 || !strings.Contains(errs[0].Error(), tt.want) || !strings.Contains(errs[0].Error(), "README.md:3: ")):
			t.Errorf("%s\n\tNameProblems = %v, want one error at line 3 saying %q", tt.line, errs, tt.want)
		}
	}
}
