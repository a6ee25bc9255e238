// Wrong: refusing every relative path that starts with ".." errs the other
// way: "..notes.txt" is a file name like any other, inside the workspace.
// Exercise: 2
// Caught by: self-check "the workspace allows every path inside it", TestResolve
package tools

import (
	"path/filepath"
	"strings"
)

func (w *Workspace) inside(abs string) bool {
	rel, err := filepath.Rel(w.dir, abs)
	return err == nil && !strings.HasPrefix(rel, "..")
}
