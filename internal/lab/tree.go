package lab

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
)

// A File is the content and mode of one file of a tree.
type File struct {
	Data []byte
	Mode fs.FileMode // 0o644, or 0o755 for an executable: the two modes git keeps
}

// A Tree is a set of files by path: slash-separated, relative to the
// tree's top folder.
type Tree map[string]File

// ReadTree reads every file under dir, except what go build and go test
// leave behind (see isBuildOutput). It refuses symbolic links and other
// files that are not regular, which a generated tree could not reproduce.
func ReadTree(dir string) (Tree, error) {
	top := filepath.Base(filepath.Clean(dir))
	tree := Tree{}
	fsys := os.DirFS(dir)
	err := fs.WalkDir(fsys, ".", func(rel string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || isBuildOutput(path.Join(top, rel)) {
			return err
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s: not a regular file", filepath.Join(dir, rel))
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		data, err := fs.ReadFile(fsys, rel)
		if err != nil {
			return err
		}
		tree[rel] = File{Data: data, Mode: gitMode(info.Mode())}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read %s: %w", dir, err)
	}
	return tree, nil
}

// Write writes the tree's files under dir, making folders as needed.
// Files already there are overwritten; others are left alone.
func (t Tree) Write(dir string) error {
	for rel, f := range t {
		name := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			return err
		}
		if err := writeFile(name, f); err != nil {
			return err
		}
	}
	return nil
}

// writeFile writes f to name with exactly f's mode.
func writeFile(name string, f File) error {
	if err := os.WriteFile(name, f.Data, f.Mode); err != nil {
		return err
	}
	// WriteFile keeps the mode of a file that exists, and the umask trims
	// the mode of one it creates: set it, so that every machine agrees.
	return os.Chmod(name, f.Mode)
}

// gitMode returns the mode git would record for a file of mode m.
func gitMode(m fs.FileMode) fs.FileMode {
	if m&0o111 != 0 {
		return 0o755
	}
	return 0o644
}

// isBuildOutput reports whether name, a slash-separated path whose last
// folders are as on disk ("day01/llm/mock.go", "starter/day01/day01"), is
// something go build or go test leaves behind rather than a file of the
// course: a test binary, a profile, or a day's program at the day's root,
// which go build names after the folder (and ply, when asked to).
func isBuildOutput(name string) bool {
	switch path.Ext(name) {
	case ".test", ".exe", ".out", ".prof":
		return true
	}
	dir, base := path.Split(name)
	day := path.Base(dir)
	return dayName.MatchString(day) && (base == day || base == "ply")
}
