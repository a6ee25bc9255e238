// Wrong: comparing strings, not paths: "/tmp/calc2" starts with
// "/tmp/calc", but is not inside it.
// Exercise: 2
// Caught by: self-check "the workspace refuses paths that climb out with ..", self-check "the workspace refuses absolute paths elsewhere", TestResolve
package tools

import "strings"

func (w *Workspace) inside(abs string) bool {
	return strings.HasPrefix(abs, w.dir)
}
