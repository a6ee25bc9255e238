package tools

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// writeTarget turns the path a write tool was given into the file it will
// really write: a slash-separated path inside the workspace for its root,
// with every symbolic link resolved. A write through a link that stays
// inside lands on the file the link points to, and the link stays a link.
//
// It refuses what a write must not touch: a path that leads out of the
// workspace (by "..", by being absolute elsewhere, or through a link that
// points out, which Resolve judges), a link that leads nowhere (a rename
// would replace the link itself, wherever it was meant to point), the
// workspace itself, a directory, and anything that is not a regular file.
func writeTarget(ws *Workspace, path string) (string, error) {
	if strings.ContainsRune(path, 0) {
		return "", fmt.Errorf("%q: a path cannot hold a NUL byte", path)
	}
	rel, err := ws.Resolve(path)
	if err != nil {
		return "", err
	}
	real, err := filepath.Rel(ws.dir, realPath(filepath.Join(ws.dir, filepath.FromSlash(rel))))
	if err != nil || !filepath.IsLocal(real) {
		// Resolve has judged the real path already; this is the same judgement.
		return "", fmt.Errorf("%s: %w (%s)", path, ErrOutside, ws.dir)
	}
	if real == "." {
		return "", fmt.Errorf("%s is the workspace itself, not a file", path)
	}
	if link := danglingLink(ws.dir, real); link != "" {
		return "", danglingError(ws, path, link)
	}
	info, err := os.Lstat(filepath.Join(ws.dir, real))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		// A new file: the directories above it are made when it is written.
	case err != nil:
		return "", err
	case !info.Mode().IsRegular():
		return "", notA("a regular file", path, info.Mode())
	}
	return filepath.ToSlash(real), nil
}

// danglingLink returns the first part of rel, a relative path under dir,
// that is a symbolic link, or "" when no part that exists is one. rel comes
// from realPath, which resolves every link that leads somewhere, so a link
// that is left leads nowhere: to nothing, or round in a loop.
func danglingLink(dir, rel string) string {
	path := dir
	for _, part := range strings.Split(rel, string(filepath.Separator)) {
		path = filepath.Join(path, part)
		info, err := os.Lstat(path)
		if err != nil {
			return "" // nothing below here exists yet: the write creates it
		}
		if info.Mode()&fs.ModeSymlink != 0 {
			rest, _ := filepath.Rel(dir, path) // path is under dir: Rel cannot fail
			return rest
		}
	}
	return ""
}

// danglingError says why a write to path, which passes through link, a
// symbolic link that leads nowhere, is refused: the link points out of
// the workspace, to a file that is not there yet, or it points inside, to
// nothing.
func danglingError(ws *Workspace, path, link string) error {
	abs := filepath.Join(ws.dir, link)
	target, err := os.Readlink(abs)
	if err != nil {
		return fmt.Errorf("%s: %s is a symbolic link that leads nowhere; the write tools never replace a link", path, filepath.ToSlash(link))
	}
	if !filepath.IsAbs(target) {
		target = filepath.Join(filepath.Dir(abs), target)
	}
	if !ws.inside(filepath.Clean(target)) {
		return fmt.Errorf("%s: %w (%s): %s is a symbolic link to %s", path, ErrOutside, ws.dir, filepath.ToSlash(link), target)
	}
	return fmt.Errorf("%s: %s is a symbolic link that leads nowhere; the write tools never replace a link", path, filepath.ToSlash(link))
}
