package selftest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"ply/day05/tools"
)

// scratch is a workspace of files made for one check, with a secret file
// beside it, outside.
type scratch struct {
	dir    string // the workspace
	secret string // a file outside it
	ws     *tools.Workspace
}

// scratchFiles are the files of every scratch workspace, by path.
var scratchFiles = map[string]string{
	"calc.go":                     "package calc\n\nfunc Add(a, b int) int { return a + b }\n",
	"calc_test.go":                "package calc\n\nfunc TestAdd(t *testing.T) {}\n",
	"internal/deep/deep_test.go":  "package deep\n\nfunc TestDeep(t *testing.T) {}\n",
	"internal/deep/README.md":     "deep\n",
	"internal/deep/more/other.go": "package more\n",
	"notes/todo.txt":              "fix Div\nadd Mod\n",
	".git/config":                 "func TestHidden\n",
	"image.bin":                   "func TestBinary\x00\x01\x02",
}

// inScratch runs check in a fresh scratch workspace, and removes it after.
func inScratch(check func(s *scratch) error) error {
	top, err := os.MkdirTemp("", "ply-selftest-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(top)
	s := &scratch{dir: filepath.Join(top, "ws"), secret: filepath.Join(top, "secret.txt")}
	if err := os.WriteFile(s.secret, []byte("the launch codes\n"), 0o600); err != nil {
		return err
	}
	for name, content := range scratchFiles {
		path := filepath.Join(s.dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			return err
		}
	}
	if s.ws, err = tools.NewWorkspace(s.dir); err != nil {
		return err
	}
	defer s.ws.Close()
	return check(s)
}

// expectOutside checks that the workspace refuses path.
func (s *scratch) expectOutside(path string) error {
	rel, err := s.ws.Resolve(path)
	if !errors.Is(err, tools.ErrOutside) {
		return fmt.Errorf("Resolve(%q) = %q, %v; want an error wrapping tools.ErrOutside", path, rel, err)
	}
	return nil
}

func refusesDotDot(context.Context) error {
	return inScratch(func(s *scratch) error {
		// ../ws2 starts with the workspace's own name, but is beside it.
		for _, path := range []string{"../secret.txt", "notes/../../secret.txt", "..", "../ws2/x.go"} {
			if err := s.expectOutside(path); err != nil {
				return err
			}
		}
		return nil
	})
}

func refusesAbsolute(context.Context) error {
	return inScratch(func(s *scratch) error {
		if err := s.expectOutside(s.secret); err != nil {
			return err
		}
		return s.expectOutside(s.dir + "2") // a sibling whose name starts with the workspace's
	})
}

func refusesSymlinkOut(context.Context) error {
	return inScratch(func(s *scratch) error {
		if err := os.Symlink(s.secret, filepath.Join(s.dir, "innocent.txt")); err != nil {
			return nil // this system cannot make symbolic links, so none can lead out
		}
		if err := os.Symlink(filepath.Dir(s.secret), filepath.Join(s.dir, "door")); err != nil {
			return err
		}
		for _, path := range []string{"innocent.txt", "door/secret.txt", "door/not-there-yet.txt"} {
			if err := s.expectOutside(path); err != nil {
				return err
			}
		}
		return nil
	})
}

func allowsInside(context.Context) error {
	return inScratch(func(s *scratch) error {
		tests := []struct{ path, want string }{
			{"calc.go", "calc.go"},
			{"", "."},
			{".", "."},
			{"notes/../calc.go", "calc.go"},
			{"..notes.txt", "..notes.txt"}, // a name that starts with "..", inside
			{"./internal/deep/", "internal/deep"},
			{filepath.Join(s.ws.Dir(), "notes", "todo.txt"), "notes/todo.txt"},
			{"new/file.go", "new/file.go"},
		}
		for _, tt := range tests {
			if got, err := s.ws.Resolve(tt.path); got != tt.want || err != nil {
				return fmt.Errorf("Resolve(%q) = %q, %v; want %q", tt.path, got, err, tt.want)
			}
		}
		return nil
	})
}
