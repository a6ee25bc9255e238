// Wrong: judging the path by its name alone lets a symbolic link inside the
// workspace lead anywhere: os.Root still refuses the open, but the model
// reads a system error instead of a clear answer.
// Exercise: 2
// Caught by: self-check "the workspace refuses a symbolic link that points out", TestResolveSymlinks
package tools

func (w *Workspace) escapes(abs string) bool {
	return !w.inside(abs)
}
