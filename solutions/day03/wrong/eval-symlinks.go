// Wrong: filepath.EvalSymlinks fails for a path that does not exist yet,
// so taking a failure for "inside" lets a new file behind a link that
// leads out through: the case tomorrow's write_file hits.
// Exercise: 2
// Caught by: self-check "the workspace refuses a symbolic link that points out", TestResolveSymlinks
package tools

import "path/filepath"

func (w *Workspace) escapes(abs string) bool {
	real, err := filepath.EvalSymlinks(abs)
	return !w.inside(abs) || (err == nil && !w.inside(real))
}
