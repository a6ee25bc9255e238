package tools

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestOccurrences(t *testing.T) {
	tests := []struct {
		name, content, old string
		max                int
		want               []int
	}{
		{"none", "package calc\n", "func", 11, nil},
		{"once", "a\nb\nc\n", "b", 11, []int{2}},
		{"on the first line", "abc\n", "a", 11, []int{1}},
		{"twice on one line", "x := x + 1\n", "x", 11, []int{1, 1}},
		{"on lines 1 and 3", "one\ntwo\none\n", "one", 11, []int{1, 3}},
		{"overlapping", "aaa", "aa", 11, []int{1, 1}},
		{"overlapping across lines", "}\n}\n}\n", "}\n}", 11, []int{1, 2}},
		{"a match that spans lines starts where it starts", "a\nb\nc\nb\nc\n", "b\nc", 11, []int{2, 4}},
		{"a match that begins with a line end", "a\nb\na\nb\n", "\nb", 11, []int{1, 3}},
		{"the last line without a line end", "a\nb\nc", "c", 11, []int{3}},
		{"CRLF lines count once", "a\r\nb\r\nb\r\n", "b", 11, []int{2, 3}},
		{"at most max", "x\nx\nx\nx\n", "x", 3, []int{1, 2, 3}},
		{"longer than the content", "ab", "abc", 11, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := occurrences(tt.content, tt.old, tt.max); !slices.Equal(got, tt.want) {
				t.Errorf("occurrences(%q, %q, %d) = %v, want %v (see day04's exercise 1)", tt.content, tt.old, tt.max, got, tt.want)
			}
		})
	}
}

func TestReplaceOnce(t *testing.T) {
	tests := []struct {
		name, content, old, new string
		all                     bool
		want                    string
		wantErr                 string // the error's text; "" when the edit works
	}{
		{"once", "a\nb\nc\n", "b", "B", false, "a\nB\nc\n", ""},
		{"once over several lines", "func Div(a, b int) (int, error) {\n\treturn a / b, nil\n}\n", "\treturn a / b, nil\n",
			"\tif b == 0 {\n\t\treturn 0, ErrDivideByZero\n\t}\n\treturn a / b, nil\n", false,
			"func Div(a, b int) (int, error) {\n\tif b == 0 {\n\t\treturn 0, ErrDivideByZero\n\t}\n\treturn a / b, nil\n}\n", ""},
		{"not there", "a\nb\n", "c", "C", false, "", errNotFound.Error()},
		{"twice", "one\ntwo\none\n", "one", "1", false, "",
			"old_string occurs 2 times, at lines 1 and 3; quote more lines around the change to make it unique, or set replace_all"},
		{"twice on one line", "x := x + 1\n", "x", "y", false, "",
			"old_string occurs 2 times, at lines 1 and 1; quote more lines around the change to make it unique, or set replace_all"},
		{"overlapping is twice", "aaa", "aa", "b", false, "",
			"old_string occurs 2 times, at lines 1 and 1; quote more lines around the change to make it unique, or set replace_all"},
		{"twice from a line end", "a\nb\na\nb\n", "\nb", "\nB", false, "",
			"old_string occurs 2 times, at lines 1 and 3; quote more lines around the change to make it unique, or set replace_all"},
		{"three times", "x\ny\nx\ny\nx\n", "x", "z", false, "",
			"old_string occurs 3 times, at lines 1, 3 and 5; quote more lines around the change to make it unique, or set replace_all"},
		{"more than maxListed", strings.Repeat("x\n", 12), "x", "z", false, "",
			"old_string occurs more than 10 times, first at lines 1, 2, 3, 4, 5, 6, 7, 8, 9 and 10; quote more lines around the change to make it unique, or set replace_all"},
		{"all of two", "one\ntwo\none\n", "one", "1", true, "1\ntwo\n1\n", ""},
		{"all of one", "one\ntwo\n", "one", "1", true, "1\ntwo\n", ""},
		{"all of none", "a\nb\n", "c", "C", true, "", errNotFound.Error()},
		{"all of more than maxListed", strings.Repeat("x\n", 12), "x", "z", true, strings.Repeat("z\n", 12), ""},
		{"all when the new text holds the old", "ab ab", "ab", "abab", true, "abab abab", ""},
		{"to nothing", "keep drop keep", " drop", "", false, "keep keep", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := replaceOnce(tt.content, tt.old, tt.new, tt.all)
			if tt.wantErr != "" {
				if err == nil || err.Error() != tt.wantErr {
					t.Fatalf("replaceOnce(%q, %q, %q, %v) = %q, %v\nwant the error %q (see day04's exercise 1)", tt.content, tt.old, tt.new, tt.all, got, err, tt.wantErr)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Errorf("replaceOnce(%q, %q, %q, %v) = %q, %v\nwant %q (see day04's exercise 1)", tt.content, tt.old, tt.new, tt.all, got, err, tt.want)
			}
		})
	}
}

// editArgs writes edit_file's arguments as the model would.
func editArgs(path, old, new string, all bool) json.RawMessage {
	data, err := json.Marshal(editFileArgs{Path: path, OldString: old, NewString: new, ReplaceAll: all})
	if err != nil {
		panic(err)
	}
	return data
}

func TestEditFile(t *testing.T) {
	calc := "package calc\n\nfunc Div(a, b int) (int, error) {\n\treturn a / b, nil\n}\n"
	tests := []struct {
		name      string
		args      json.RawMessage
		want      string // the answer, or the error's text
		wantCalc  string // calc.go afterwards
		wantError bool
	}{
		{"one place", editArgs("calc.go", "\treturn a / b, nil\n", "\tif b == 0 {\n\t\treturn 0, nil\n\t}\n\treturn a / b, nil\n", false),
			"edited calc.go: replaced 1 occurrence\n     4\t\tif b == 0 {\n     5\t\t\treturn 0, nil\n     6\t\t}\n     7\t\treturn a / b, nil\n     8\t}\n",
			"package calc\n\nfunc Div(a, b int) (int, error) {\n\tif b == 0 {\n\t\treturn 0, nil\n\t}\n\treturn a / b, nil\n}\n", false},
		{"several places", editArgs("calc.go", "int", "int64", false),
			"calc.go: old_string occurs 2 times, at lines 3 and 3; quote more lines", calc, true},
		{"every place", editArgs("calc.go", "int", "int64", true),
			"edited calc.go: replaced 2 occurrences",
			"package calc\n\nfunc Div(a, b int64) (int64, error) {\n\treturn a / b, nil\n}\n", false},
		{"not there", editArgs("calc.go", "func Mod", "x", false), "calc.go: " + errNotFound.Error(), calc, true},
		{"empty old_string", editArgs("calc.go", "", "x", false), "old_string is empty; to create a file, or to replace all of one, use write_file", calc, true},
		{"nothing would change", editArgs("calc.go", "calc", "calc", false), "old_string and new_string are the same; the edit would change nothing", calc, true},
		{"no such file", editArgs("nope.go", "a", "b", false), "nope.go does not exist; write_file creates a file", calc, true},
		{"no path", editArgs("", "a", "b", false), "path is required", calc, true},
		{"a result too big", editArgs("calc.go", "a", strings.Repeat("a", 3<<20), true),
			"calc.go: the edit would make the file 15728704 bytes, more than edit_file writes (10 MiB)", calc, true},
		{"arguments of the wrong type", json.RawMessage(`{"path":"calc.go","old_string":1}`),
			"the arguments do not fit the schema", calc, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws := tree(t, map[string]string{"calc.go": calc})
			got, err := EditFile{ws}.Run(context.Background(), tt.args)
			if tt.wantError {
				if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
					t.Errorf("edit_file %s = %q, %v; want an error starting %q", shortLine(string(tt.args)), got, err, tt.want)
				}
			} else if err != nil || got != tt.want {
				t.Errorf("edit_file %s = %q, %v; want %q", tt.args, got, err, tt.want)
			}
			if data, _ := os.ReadFile(filepath.Join(ws.Dir(), "calc.go")); string(data) != tt.wantCalc {
				t.Errorf("calc.go afterwards is %q, want %q", shortLine(string(data)), tt.wantCalc)
			}
		})
	}
}

// TestEditFileKeepsTheRest edits a file of CRLF lines, with a mode of its
// own: the lines the edit does not touch keep their line ends, and the
// file its mode.
func TestEditFileKeepsTheRest(t *testing.T) {
	ws := tree(t, map[string]string{"run.sh": "echo one\r\necho two\r\n"})
	path := filepath.Join(ws.Dir(), "run.sh")
	if err := os.Chmod(path, 0o751); err != nil {
		t.Fatal(err)
	}
	before, _ := os.Stat(path)
	if _, err := (EditFile{ws}).Run(context.Background(), editArgs("run.sh", "two", "2", false)); err != nil {
		t.Fatal(err)
	}
	after, _ := os.Stat(path)
	if data, _ := os.ReadFile(path); string(data) != "echo one\r\necho 2\r\n" {
		t.Errorf("run.sh is %q, want only \"two\" changed", data)
	}
	if after.Mode() != before.Mode() {
		t.Errorf("run.sh has the mode %v after the edit, want %v as before", after.Mode(), before.Mode())
	}
}

func TestEditFileFailsAsAResult(t *testing.T) {
	ws := tree(t, map[string]string{"twice.txt": "x := 1\nx := 1\n"})
	r := NewRegistry(EditFile{ws}).Run(context.Background(), "edit_file", string(editArgs("twice.txt", "x := 1", "x := 2", false)))
	want := "error: twice.txt: old_string occurs 2 times, at lines 1 and 2"
	if r.Err == nil || !strings.HasPrefix(r.Text, want) {
		t.Errorf("the result is %+v, want an error result starting %q", r, want)
	}
}
