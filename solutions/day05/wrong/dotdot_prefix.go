// Wrong: "outside the workspace" is a relative path that starts with "..", so a file named ..notes.txt in the workspace stays absolute, and "always" for it is asked again for every spelling.
// Exercise: 2
// Caught by: TestGrantKey
package approval

import (
	"path/filepath"
	"strings"
)

func workspacePath(p, workspace string) string {
	if filepath.IsAbs(p) {
		if rel, err := filepath.Rel(workspace, p); err == nil && !strings.HasPrefix(rel, "..") {
			p = rel
		}
	}
	return filepath.ToSlash(filepath.Clean(p))
}
