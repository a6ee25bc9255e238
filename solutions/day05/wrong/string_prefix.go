// Wrong: "inside the workspace" is a string prefix, so /ws2/calc.go counts as inside /ws and becomes 2/calc.go.
// Exercise: 2
// Caught by: TestGrantKey, self-check "always for an edit covers the file however its path is written"
package approval

import (
	"path/filepath"
	"strings"
)

func workspacePath(p, workspace string) string {
	if filepath.IsAbs(p) && workspace != "" && strings.HasPrefix(p, workspace) {
		p = strings.TrimPrefix(strings.TrimPrefix(p, workspace), "/")
	}
	return filepath.ToSlash(filepath.Clean(p))
}
