package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"io/fs"
	"strings"

	"ply/day05/llm"
)

// ListDir lists the entries of a directory.
type ListDir struct{ ws *Workspace }

// maxEntries caps a listing; a model that needs more narrows it with find.
const maxEntries = 500

func (ListDir) Name() string   { return "list_dir" }
func (ListDir) ReadOnly() bool { return true }

func (ListDir) Description() string {
	return "List a directory of the workspace, sorted by name: directories end in \"/\", " +
		"files show their size. Without a path, lists the top of the workspace."
}

func (ListDir) Schema() json.RawMessage {
	return json.RawMessage(`{
	"type": "object",
	"properties": {
		"path": {"type": "string", "description": "the directory, relative to the workspace; \".\" when left out"}
	}
}`)
}

// listDirArgs are list_dir's arguments, as its schema describes them.
type listDirArgs struct {
	Path string `json:"path,omitempty"` // "": the top of the workspace
}

func (ListDir) Args() any { return new(listDirArgs) }

func (t ListDir) Run(ctx context.Context, args json.RawMessage) (string, error) {
	var a listDirArgs
	if err := decodeArgs(args, &a); err != nil {
		return "", err
	}
	if a.Path == "" {
		a.Path = "."
	}
	rel, err := t.ws.Resolve(a.Path)
	if err != nil {
		return "", err
	}
	info, err := lookAt(t.ws, rel, a.Path)
	switch {
	case err != nil:
		return "", err
	case !info.IsDir():
		return "", notA("a directory", a.Path, info.Mode())
	}
	entries, err := fs.ReadDir(t.ws.FS(), rel)
	if err != nil {
		return "", fmt.Errorf("list %s: %w", a.Path, err)
	}
	var out strings.Builder
	for i, e := range entries {
		if i == maxEntries {
			fmt.Fprintf(&out, "(%d more entries not shown; use find to narrow the listing)\n", len(entries)-i)
			break
		}
		out.WriteString(describeEntry(e) + "\n")
	}
	if len(entries) == 0 {
		return "(the directory is empty)", nil
	}
	return out.String(), nil
}

// describeEntry writes one line of a listing: "name/" for a directory,
// "name (N bytes)" for a file, "name@" for a symbolic link, and the kind
// of anything else, such as "name (a named pipe)".
func describeEntry(e fs.DirEntry) string {
	switch {
	case e.IsDir():
		return e.Name() + "/"
	case e.Type()&fs.ModeSymlink != 0:
		return e.Name() + "@"
	case !e.Type().IsRegular():
		return fmt.Sprintf("%s (%s)", e.Name(), kind(e.Type()))
	}
	info, err := e.Info()
	if err != nil {
		return e.Name() // gone since the directory was read
	}
	return fmt.Sprintf("%s (%s)", e.Name(), llm.Count(int(info.Size()), "byte"))
}
