package tools

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ErrOutside means a path leads out of the workspace.
var ErrOutside = errors.New("it is outside the workspace")

// maxPathLen is the longest path a tool takes, in bytes: PATH_MAX on
// Linux, the longest path the system opens in one call. Resolving a path
// takes a look on the disk for each of its parts, so a longer one is
// refused before any time is spent on it.
const maxPathLen = 4096

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
	fsys rootFS // root as an fs.FS: every open goes through root, and none waits
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
	return &Workspace{dir: abs, root: root, fsys: rootFS{root}}, nil
}

// Dir returns the workspace's absolute path.
func (w *Workspace) Dir() string { return w.dir }

// FS returns the workspace as a file system. Its paths are the ones
// Resolve returns. Opening a file through it is confined by the operating
// system too (os.Root): a symbolic link swapped in after Resolve looked
// still cannot lead out. And no open through it waits (see open.go).
func (w *Workspace) FS() fs.FS { return w.fsys }

// Close lets go of the workspace directory.
func (w *Workspace) Close() error { return w.root.Close() }

// Resolve turns a path the model gave, relative to the workspace or
// absolute, into a slash-separated path inside it for FS: "." for the
// workspace itself. A path that leads out is refused with an error that
// wraps ErrOutside.
func (w *Workspace) Resolve(path string) (string, error) {
	if err := checkPath(path); err != nil {
		return "", err
	}
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

// checkPath refuses a path that no file can have: one longer than
// maxPathLen, or one holding a NUL byte, where the system would end it.
func checkPath(path string) error {
	switch {
	case len(path) > maxPathLen:
		return fmt.Errorf("the path is %d bytes long; a path can be at most %d", len(path), maxPathLen)
	case strings.IndexByte(path, 0) >= 0:
		return fmt.Errorf("%q holds a NUL byte, which no path can", path)
	}
	return nil
}

// escapes reports whether abs, a clean absolute path, lies outside the
// workspace: by its name, or because a symbolic link on the way points out.
// A path that does not exist yet is judged by the part of it that does.
//
//lab:exercise 2 Report whether abs lies outside the workspace, by its name or once its symbolic links are resolved; a path that does not exist yet is judged by the part that does.
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
// rest as written. It finds that part going down from the top, one look
// per part of the path, and stops at the first part that is missing:
// below a missing directory, everything is missing too. So a path costs
// time in proportion to its length.
func realPath(abs string) string {
	root := min(len(filepath.VolumeName(abs))+1, len(abs))
	exists, rest := abs[:root], abs[root:] // abs[:len(exists)] exists; rest is what follows it
	for rest != "" {
		_, after, more := strings.Cut(rest, string(filepath.Separator))
		next := abs[:len(abs)-len(after)] // exists, and the next part of rest
		if more {
			next = next[:len(next)-1] // without the separator
		}
		if _, err := os.Stat(next); err != nil {
			break
		}
		exists, rest = next, after
	}
	real, err := filepath.EvalSymlinks(exists)
	if err != nil {
		return abs // changed since the look; os.Root still keeps the open inside
	}
	return filepath.Join(real, rest)
}
