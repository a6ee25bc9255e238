package selftest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"ply/day05/tools"
)

func writeCreates(ctx context.Context) error {
	return inScratch(func(s *scratch) error {
		r := s.act(ctx, "write_file", map[string]any{"path": "notes/new/plan.md", "content": "# Plan\n\nfix Div\n"})
		if want := "created notes/new/plan.md: 3 lines, 16 bytes"; r.Err != nil || r.Text != want {
			return fmt.Errorf("write_file gave %q, want %q", r.Text, want)
		}
		if got := s.file("notes/new/plan.md"); got != "# Plan\n\nfix Div\n" {
			return fmt.Errorf("the new file holds %q", got)
		}
		return nil
	})
}

func writeKeepsMode(ctx context.Context) error {
	return inScratch(func(s *scratch) error {
		path := filepath.Join(s.dir, "calc.go")
		if err := os.Chmod(path, 0o600); err != nil {
			return err
		}
		before, err := os.Stat(path)
		if err != nil {
			return err
		}
		r := s.act(ctx, "write_file", map[string]any{"path": "calc.go", "content": "package calc\n"})
		after, err := os.Stat(path)
		switch {
		case r.Err != nil || !strings.HasPrefix(r.Text, "replaced calc.go"):
			return fmt.Errorf("write_file over calc.go gave %q, want \"replaced calc.go: …\"", r.Text)
		case err != nil:
			return err
		case after.Mode() != before.Mode():
			return fmt.Errorf("calc.go had the mode %v and has %v after the write", before.Mode(), after.Mode())
		}
		return nil
	})
}

func writeRefusesOutside(ctx context.Context) error {
	return inScratch(func(s *scratch) error {
		paths := []string{"../secret.txt", "notes/../../secret.txt", s.secret}
		if os.Symlink(s.secret, filepath.Join(s.dir, "innocent.txt")) == nil &&
			os.Symlink(filepath.Dir(s.secret), filepath.Join(s.dir, "door")) == nil {
			paths = append(paths, "innocent.txt", "door/secret.txt", "door/new.txt")
		}
		for _, path := range paths {
			for _, call := range []struct {
				tool string
				args map[string]any
			}{
				{"write_file", map[string]any{"path": path, "content": "pwned\n"}},
				{"edit_file", map[string]any{"path": path, "old_string": "launch", "new_string": "pwned"}},
			} {
				if r := s.act(ctx, call.tool, call.args); !errors.Is(r.Err, tools.ErrOutside) {
					return fmt.Errorf("%s %q gave %q, want it refused as outside the workspace", call.tool, path, r.Text)
				}
			}
		}
		if data, _ := os.ReadFile(s.secret); string(data) != "the launch codes\n" {
			return fmt.Errorf("the secret outside the workspace now holds %q", data)
		}
		if info, err := os.Lstat(filepath.Join(s.dir, "innocent.txt")); err == nil && info.Mode()&os.ModeSymlink == 0 {
			return errors.New("innocent.txt, a link out of the workspace, was replaced by a file")
		}
		return nil
	})
}
