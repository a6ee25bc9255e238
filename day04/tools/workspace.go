package tools

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// ErrOutside means a path leads out of the workspace.
var ErrOutside = errors.New("it is outside the workspace")

// Workspace is the directory ply works in. Every path a tool touches is
// resolved inside it, and a path that leads out is refused: by "..", by
// being absolute somewhere else, or through a symbolic link that points
// out.
//
// This keeps an honest model from wandering and a confused one from
// reading ~/.ssh. It is not a sandbox: the files inside can still be read,
// and from day 4 a shell command can go anywhere the user can.
type Workspace struct {
	dir  string // absolute, with symbolic links resolved
	root *os.Root
	fsys fs.FS // root as an fs.FS: every open goes through root
}

// NewWorkspace opens dir as the workspace. The caller closes it.
func NewWorkspace(dir string) (*Workspace, error) {
	abs, err := filepath.Abs(dir)
	if err == nil {
		abs, err = filepath.EvalSymlinks(abs)
	}
	if err != nil {
		return nil, fmt.Errorf("workspace %s: %w", dir, err)
	}
	root, err := os.OpenRoot(abs)
	if err != nil {
		return nil, fmt.Errorf("workspace %s: %w", dir, err)
	}
	return &Workspace{dir: abs, root: root, fsys: root.FS()}, nil
}

// Dir returns the workspace's absolute path.
func (w *Workspace) Dir() string { return w.dir }

// FS returns the workspace as a file system. Its paths are the ones
// Resolve returns. Opening a file through it is confined by the operating
// system too (os.Root): a symbolic link swapped in after Resolve looked
// still cannot lead out.
func (w *Workspace) FS() fs.FS { return w.fsys }

// Close lets go of the workspace directory.
func (w *Workspace) Close() error { return w.root.Close() }

// Resolve turns a path the model gave, relative to the workspace or
// absolute, into a slash-separated path inside it for FS: "." for the
// workspace itself. A path that leads out is refused with an error that
// wraps ErrOutside.
func (w *Workspace) Resolve(path string) (string, error) {
	abs := path
	if !filepath.IsAbs(abs) {
		abs = filepath.Join(w.dir, path)
	}
	abs = filepath.Clean(abs)
	if w.escapes(abs) {
		return "", fmt.Errorf("%s: %w (%s)", path, ErrOutside, w.dir)
	}
	rel, err := filepath.Rel(w.dir, abs)
	if err != nil {
		return "", fmt.Errorf("%s: %w (%s)", path, ErrOutside, w.dir)
	}
	return filepath.ToSlash(rel), nil
}

// escapes reports whether abs, a clean absolute path, lies outside the
// workspace: by its name, or because a symbolic link on the way points out.
// A path that does not exist yet is judged by the part of it that does.
func (w *Workspace) escapes(abs string) bool {
	return !w.inside(abs) || !w.inside(realPath(abs))
}

// inside reports whether the absolute path abs names the workspace or
// something in it, going by the name alone.
func (w *Workspace) inside(abs string) bool {
	rel, err := filepath.Rel(w.dir, abs)
	return err == nil && filepath.IsLocal(rel)
}

// realPath returns abs with every symbolic link resolved. For a path that
// does not exist, it resolves the longest part that does and keeps the
// rest as written.
func realPath(abs string) string {
	rest := ""
	for {
		real, err := filepath.EvalSymlinks(abs)
		if err == nil {
			return filepath.Join(real, rest)
		}
		parent := filepath.Dir(abs)
		if parent == abs {
			return filepath.Join(abs, rest)
		}
		rest = filepath.Join(filepath.Base(abs), rest)
		abs = parent
	}
}
