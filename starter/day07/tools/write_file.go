package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"ply/day07/llm"
)

// WriteFile creates a file, or replaces a whole one, with the content the
// model gives.
type WriteFile struct{ ws *Workspace }

// maxWriteSize is the most that write_file and edit_file write to one file:
// what they write, read_file can read back.
const maxWriteSize = maxReadSize

func (WriteFile) Name() string { return "write_file" }

// ReadOnly is false: write_file writes a file, so the approval gate asks
// before it runs.
func (WriteFile) ReadOnly() bool { return false }

func (WriteFile) Description() string {
	return "Create a file in the workspace, or replace a whole file, with the given content. " +
		"Missing directories are made. To change part of an existing file, use edit_file instead."
}

func (WriteFile) Schema() json.RawMessage {
	return json.RawMessage(`{
	"type": "object",
	"properties": {
		"path": {"type": "string", "description": "the file, relative to the workspace"},
		"content": {"type": "string", "description": "the whole new content of the file"}
	},
	"required": ["path", "content"]
}`)
}

// writeFileArgs are write_file's arguments, as its schema describes them.
type writeFileArgs struct {
	Path    string `json:"path"`
	Content string `json:"content"`
}

func (WriteFile) Args() any { return new(writeFileArgs) }

func (t WriteFile) Run(ctx context.Context, args json.RawMessage) (string, error) {
	a, target, err := t.plan(args)
	if err != nil {
		return "", err
	}
	verb := "created"
	if _, err := t.ws.root.Stat(target); err == nil {
		verb = "replaced"
	}
	err = writeAtomic(t.ws.root, target, 0o666, func(w io.Writer) error {
		_, err := io.WriteString(w, a.Content)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("write %s: %w", a.Path, err)
	}
	return fmt.Sprintf("%s %s: %s, %s", verb, target, llm.Count(countLines(a.Content), "line"), llm.Count(len(a.Content), "byte")), nil
}

// plan reads the arguments of a write and finds the file it writes, and
// refuses it for the reasons Run refuses it, without writing anything.
// Run writes what plan returns, and Preview shows it, so the change the
// human approves is the change that is made.
func (t WriteFile) plan(args json.RawMessage) (writeFileArgs, string, error) {
	var a writeFileArgs
	if err := decodeArgs(args, &a); err != nil {
		return a, "", err
	}
	if a.Path == "" {
		return a, "", errors.New("path is required")
	}
	if len(a.Content) > maxWriteSize {
		return a, "", fmt.Errorf("the content is %d bytes, more than write_file writes (%d MiB)", len(a.Content), maxWriteSize>>20)
	}
	target, err := writeTarget(t.ws, a.Path)
	if err != nil {
		return a, "", err
	}
	return a, target, nil
}

// countLines counts the lines of text; a last line without "\n" counts too.
func countLines(text string) int {
	n := strings.Count(text, "\n")
	if text != "" && !strings.HasSuffix(text, "\n") {
		n++
	}
	return n
}
