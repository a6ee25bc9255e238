package tools

import (
	"path/filepath"
	"strings"
	"testing"
)

func TestListDir(t *testing.T) {
	ws := tree(t, map[string]string{"b.go": "12345", "a/x.go": "", ".hidden": "h", "empty/.keep": ""})
	tests := []struct {
		name string
		args map[string]any
		want string
	}{
		{"top", map[string]any{}, ".hidden (1 byte)\na/\nb.go (5 bytes)\nempty/\n"},
		{"a directory", map[string]any{"path": "a"}, "x.go (0 bytes)\n"},
		{"not a directory", map[string]any{"path": "b.go"}, "b.go is a regular file, not a directory"},
		{"missing", map[string]any{"path": "nope"}, "nope does not exist; list_dir or find shows what does"},
		{"outside (needs day03's exercise 2)", map[string]any{"path": ".."}, "..: it is outside the workspace (" + ws.Dir() + ")"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := call(t, ListDir{ws}, tt.args)
			if err != nil {
				got = err.Error()
			}
			if got != tt.want && !(err != nil && strings.HasPrefix(got, tt.want)) {
				t.Errorf("list_dir %v =\n%q\nwant\n%q", tt.args, got, tt.want)
			}
		})
	}
}

func TestListDirLink(t *testing.T) {
	ws := tree(t, map[string]string{"a.go": ""})
	symlink(t, "a.go", filepath.Join(ws.Dir(), "b.go"))
	if got, _ := call(t, ListDir{ws}, map[string]any{}); got != "a.go (0 bytes)\nb.go@\n" {
		t.Errorf("list_dir = %q, want the link marked with @", got)
	}
}
