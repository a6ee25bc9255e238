package selftest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"ply/day04/sandbox"
	"ply/day04/tools"
)

// act calls the named tool of the day, any of them, in the scratch
// workspace, with args.
func (s *scratch) act(ctx context.Context, name string, args map[string]any) tools.Result {
	return s.actWith(ctx, name, args, os.Environ())
}

// actWith is act, with the commands of run_command given environ.
func (s *scratch) actWith(ctx context.Context, name string, args map[string]any, environ []string) tools.Result {
	data, _ := json.Marshal(args)
	registry := tools.NewRegistry(slices.Concat(tools.ReadOnly(s.ws), tools.Editing(s.ws, environ, sandbox.Default(s.ws.Dir())))...)
	return registry.Run(ctx, name, string(data))
}

// file returns the content of a file of the scratch workspace, or the error.
func (s *scratch) file(name string) string {
	data, err := os.ReadFile(filepath.Join(s.dir, filepath.FromSlash(name)))
	if err != nil {
		return err.Error()
	}
	return string(data)
}

// edit asks edit_file to replace old with new in name.
func (s *scratch) edit(ctx context.Context, name, old, new string, all bool) tools.Result {
	return s.act(ctx, "edit_file", map[string]any{"path": name, "old_string": old, "new_string": new, "replace_all": all})
}

func editOnce(ctx context.Context) error {
	return inScratch(func(s *scratch) error {
		r := s.edit(ctx, "calc.go", "return a + b", "return b + a", false)
		if r.Err != nil || !strings.HasPrefix(r.Text, "edited calc.go: replaced 1 occurrence\n") {
			return fmt.Errorf("edit_file gave %q, want \"edited calc.go: replaced 1 occurrence\" and the new lines", r.Text)
		}
		if got, want := s.file("calc.go"), "package calc\n\nfunc Add(a, b int) int { return b + a }\n"; got != want {
			return fmt.Errorf("after the edit calc.go holds %q, want %q", got, want)
		}
		return nil
	})
}

func editTwiceRefused(ctx context.Context) error {
	return inScratch(func(s *scratch) error {
		tests := []struct{ content, old, want string }{
			{"x := 1\ny := 0\nx := 1\n", "x := 1", "old_string occurs 2 times, at lines 1 and 3"},
			{"}\n}\n}\n", "}\n}", "old_string occurs 2 times, at lines 1 and 2"}, // they overlap
		}
		for _, tt := range tests {
			if err := os.WriteFile(filepath.Join(s.dir, "twice.go"), []byte(tt.content), 0o644); err != nil {
				return err
			}
			r := s.edit(ctx, "twice.go", tt.old, "z", false)
			if r.Err == nil || !strings.Contains(r.Text, tt.want) {
				return fmt.Errorf("editing %q in %q gave %q, want an error saying %q", tt.old, tt.content, r.Text, tt.want)
			}
			if got := s.file("twice.go"); got != tt.content {
				return fmt.Errorf("a refused edit changed the file to %q", got)
			}
		}
		return nil
	})
}

func editNotFound(ctx context.Context) error {
	return inScratch(func(s *scratch) error {
		for _, all := range []bool{false, true} {
			r := s.edit(ctx, "calc.go", "func Mod", "func Rem", all)
			if r.Err == nil || !strings.Contains(r.Text, "old_string is not in the file") {
				return fmt.Errorf("editing a text not in the file (replace_all %v) gave %q, want an error saying it is not there", all, r.Text)
			}
		}
		return nil
	})
}

func editReplaceAll(ctx context.Context) error {
	return inScratch(func(s *scratch) error {
		r := s.edit(ctx, "calc.go", "int", "int64", true)
		if r.Err != nil || r.Text != "edited calc.go: replaced 2 occurrences" {
			return fmt.Errorf("edit_file with replace_all gave %q, want \"edited calc.go: replaced 2 occurrences\"", r.Text)
		}
		if got := s.file("calc.go"); !strings.Contains(got, "func Add(a, b int64) int64 {") {
			return fmt.Errorf("after replacing every int, calc.go holds %q", got)
		}
		return nil
	})
}
