package tools

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"ply/day07/approval"
)

// The write tools are previewers: the approval gate shows their diff.
var (
	_ approval.Previewer = WriteFile{}
	_ approval.Previewer = EditFile{}
)

// TestPreviewIsWhatRunWrites previews each call, checks that the preview
// wrote nothing, then runs the call: the file is then exactly what the
// preview said it would be, and a call the preview refuses is refused by
// Run with the same words.
func TestPreviewIsWhatRunWrites(t *testing.T) {
	calc := "package calc\n\nfunc Div(a, b int) (int, error) {\n\treturn a / b, nil\n}\n"
	tests := []struct {
		name string
		tool func(ws *Workspace) approval.Previewer
		args json.RawMessage
		path string // the file the call writes
	}{
		{"an edit", editFile, editArgs("calc.go", "\treturn a / b, nil", "\tif b == 0 {\n\t\treturn 0, nil\n\t}\n\treturn a / b, nil", false), "calc.go"},
		{"an edit of every place", editFile, editArgs("./calc.go", "int", "int64", true), "calc.go"},
		{"an edit through sub/..", editFile, editArgs("sub/../calc.go", "calc", "calculator", false), "calc.go"},
		{"an edit of CRLF lines", editFile, editArgs("run.sh", "two", "2", false), "run.sh"},
		{"a new file", writeFile, writeArgs("sub/new.go", "package sub\n"), "sub/new.go"},
		{"a whole file replaced", writeFile, writeArgs("calc.go", "package calc\n"), "calc.go"},
		{"an ambiguous edit", editFile, editArgs("calc.go", "int", "int64", false), "calc.go"},
		{"an edit of a file that is not there", editFile, editArgs("gone.go", "a", "b", false), "gone.go"},
		{"an edit outside", editFile, editArgs("../secret.txt", "launch", "lunch", false), ""},
		{"a write outside", writeFile, writeArgs("/etc/passwd", "x"), ""},
		{"arguments of the wrong type", editFile, json.RawMessage(`{"path":"calc.go","old_string":1}`), "calc.go"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws := tree(t, map[string]string{"calc.go": calc, "run.sh": "echo one\r\necho two\r\n", "sub/keep": ""})
			before := snapshot(t, ws)
			preview := tt.tool(ws).Preview(tt.args)
			if after := snapshot(t, ws); after != before {
				t.Fatalf("Preview(%s) changed the workspace", tt.args)
			}
			_, err := tt.tool(ws).(Tool).Run(context.Background(), tt.args)
			switch {
			case preview.Err != nil && err == nil:
				t.Errorf("Preview(%s) refuses (%v), but Run writes", tt.args, preview.Err)
			case preview.Err == nil && err != nil:
				t.Errorf("Preview(%s) shows a change, but Run refuses: %v", tt.args, err)
			case err != nil && err.Error() != preview.Err.Error():
				t.Errorf("Preview(%s) refuses with %q, Run with %q; want the same words", tt.args, preview.Err, err)
			case err != nil:
				return
			}
			if preview.Path != tt.path {
				t.Errorf("Preview(%s).Path = %q, want %q, the file Run writes", tt.args, preview.Path, tt.path)
			}
			if got := readFile(t, ws, tt.path); got != preview.After {
				t.Errorf("Preview(%s) said the file would be\n%q\nRun wrote\n%q", tt.args, preview.After, got)
			}
			if preview.Before == preview.After {
				t.Errorf("Preview(%s) shows no change", tt.args)
			}
		})
	}
}

// TestPreviewBefore checks what a preview says the file is now.
func TestPreviewBefore(t *testing.T) {
	ws := tree(t, map[string]string{"calc.go": "package calc\n"})
	if c := (WriteFile{ws}).Preview(writeArgs("new.go", "package new\n")); c.Before != "" || c.Err != nil {
		t.Errorf("preview of a new file: before %q, error %v; want \"\" and no error", c.Before, c.Err)
	}
	if c := (WriteFile{ws}).Preview(writeArgs("calc.go", "package calc2\n")); c.Before != "package calc\n" {
		t.Errorf("preview of a file replaced: before %q, want its text now", c.Before)
	}
	if c := (EditFile{ws}).Preview(editArgs("calc.go", "calc", "calc2", false)); c.Before != "package calc\n" {
		t.Errorf("preview of an edit: before %q, want the file's text now", c.Before)
	}
}

func editFile(ws *Workspace) approval.Previewer  { return EditFile{ws} }
func writeFile(ws *Workspace) approval.Previewer { return WriteFile{ws} }

// snapshot returns every file of the workspace and its text, as one string.
func snapshot(t *testing.T, ws *Workspace) string {
	t.Helper()
	var all strings.Builder
	err := filepath.WalkDir(ws.Dir(), func(path string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(path)
		all.WriteString(path + "\n" + string(data) + "\n")
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return all.String()
}

// readFile returns the text of the file name of the workspace.
func readFile(t *testing.T, ws *Workspace, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(ws.Dir(), filepath.FromSlash(name)))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
