package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"strings"
)

// Find lists the files whose paths match a glob pattern.
type Find struct{ ws *Workspace }

// maxFound caps the paths find lists.
const maxFound = 1000

func (Find) Name() string   { return "find" }
func (Find) ReadOnly() bool { return true }

func (Find) Description() string {
	return "Find files by a glob pattern matched against their whole path from the top of the workspace: " +
		"\"*\" matches within one directory, \"**\" any number of directories. " +
		"\"*.go\" finds Go files at the top only; \"**/*.go\" finds them everywhere."
}

func (Find) Schema() json.RawMessage {
	return json.RawMessage(`{
	"type": "object",
	"properties": {
		"pattern": {"type": "string", "description": "a glob such as **/*_test.go"}
	},
	"required": ["pattern"]
}`)
}

func (t Find) Run(ctx context.Context, args json.RawMessage) (string, error) {
	var a struct {
		Pattern string `json:"pattern"`
	}
	if err := decodeArgs(args, &a); err != nil {
		return "", err
	}
	pattern := strings.TrimPrefix(a.Pattern, "./")
	if _, err := path.Match(pattern, ""); err != nil || pattern == "" {
		return "", fmt.Errorf("%q is not a glob pattern", a.Pattern)
	}
	var found []string
	err := walkFiles(ctx, t.ws.FS(), ".", func(name string, _ fs.DirEntry) error {
		if matchGlob(pattern, name) {
			found = append(found, name)
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	return listPaths(found, maxFound, "make the pattern narrower"), nil
}

// matchGlob reports whether name, a slash-separated path, matches the glob
// pattern. Each part of the pattern matches one part of the path as
// path.Match does, except "**", which matches any number of parts, none
// included.
func matchGlob(pattern, name string) bool {
	return matchParts(strings.Split(pattern, "/"), strings.Split(name, "/"))
}

// matchParts matches the parts of a pattern against the parts of a path.
func matchParts(pattern, name []string) bool {
	for len(pattern) > 0 {
		if pattern[0] == "**" {
			for skip := 0; skip <= len(name); skip++ {
				if matchParts(pattern[1:], name[skip:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if ok, _ := path.Match(pattern[0], name[0]); !ok {
			return false
		}
		pattern, name = pattern[1:], name[1:]
	}
	return len(name) == 0
}

// skipDirs are never walked: version control keeps nothing a model should read there.
var skipDirs = map[string]bool{".git": true, ".hg": true, ".svn": true}

// walkFiles calls visit for every regular file under dir, in lexical
// order, skipping version-control directories. It stops when ctx is done.
func walkFiles(ctx context.Context, fsys fs.FS, dir string, visit func(name string, e fs.DirEntry) error) error {
	return fs.WalkDir(fsys, dir, func(name string, e fs.DirEntry, err error) error {
		if err != nil {
			if name == dir {
				return err // the start itself is unreadable: say so
			}
			return nil // one unreadable directory should not spoil the rest
		}
		if ctxErr := ctx.Err(); ctxErr != nil {
			return ctxErr
		}
		if e.IsDir() && skipDirs[e.Name()] {
			return fs.SkipDir
		}
		if !e.Type().IsRegular() {
			return nil
		}
		return visit(name, e)
	})
}

// listPaths writes paths one a line, at most max of them, with a note
// saying how to see the rest.
func listPaths(paths []string, max int, narrow string) string {
	if len(paths) == 0 {
		return "(nothing matches)\n"
	}
	var out strings.Builder
	for i, p := range paths {
		if i == max {
			fmt.Fprintf(&out, "(%d more not shown; %s)\n", len(paths)-max, narrow)
			break
		}
		out.WriteString(p + "\n")
	}
	return out.String()
}
