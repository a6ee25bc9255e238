package lab

import (
	"fmt"

	"golang.org/x/tools/imports"
)

// fixImports returns src, the Go file name after the lab changed it, with
// its imports put right: those it no longer uses removed, and those it
// now needs, such as "errors" for a hole, added. goimports does the work:
// it knows each import's package name from the package itself, where a
// guess from the import path would be wrong for a path such as
// mvdan.cc/sh/v3/syntax. name must be where the file is, or would be, so
// that the imports of its module can be found.
func fixImports(name string, src []byte) ([]byte, error) {
	out, err := imports.Process(name, src, &imports.Options{Comments: true, TabIndent: true, TabWidth: 8})
	if err != nil {
		return nil, fmt.Errorf("fix the imports of %s: %w", name, err)
	}
	return out, nil
}
