package tools

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"strconv"
	"strings"

	"ply/day04/llm"
)

// EditFile replaces a piece of text in a file: the model quotes the old
// text and gives the new. The old text must occur exactly once, so that an
// edit lands where the model meant it or not at all.
type EditFile struct{ ws *Workspace }

// maxListed is how many places an edit that is not unique lists; more say
// no more than "not unique" does.
const maxListed = 10

func (EditFile) Name() string { return "edit_file" }

func (EditFile) Description() string {
	return "Replace old_string with new_string in a file of the workspace. old_string must match the file exactly, " +
		"white space included, and occur exactly once: quote enough lines around the change to make it unique, " +
		"or set replace_all to replace every occurrence. Read the file first."
}

func (EditFile) Schema() json.RawMessage {
	return json.RawMessage(`{
	"type": "object",
	"properties": {
		"path": {"type": "string", "description": "the file, relative to the workspace"},
		"old_string": {"type": "string", "description": "the exact text to replace"},
		"new_string": {"type": "string", "description": "the text to put in its place"},
		"replace_all": {"type": "boolean", "description": "replace every occurrence, not just one; false when left out"}
	},
	"required": ["path", "old_string", "new_string"]
}`)
}

// editFileArgs are edit_file's arguments, as its schema describes them.
type editFileArgs struct {
	Path       string `json:"path"`
	OldString  string `json:"old_string"`
	NewString  string `json:"new_string"`
	ReplaceAll bool   `json:"replace_all,omitempty"` // false: exactly one occurrence
}

func (EditFile) Args() any { return new(editFileArgs) }

func (t EditFile) Run(ctx context.Context, args json.RawMessage) (string, error) {
	var a editFileArgs
	if err := decodeArgs(args, &a); err != nil {
		return "", err
	}
	switch {
	case a.Path == "":
		return "", errors.New("path is required")
	case a.OldString == "":
		return "", errors.New("old_string is empty; to create a file, or to replace all of one, use write_file")
	case a.OldString == a.NewString:
		return "", errors.New("old_string and new_string are the same; the edit would change nothing")
	}
	target, err := writeTarget(t.ws, a.Path)
	if err != nil {
		return "", err
	}
	content, err := readForEdit(t.ws, target)
	if err != nil {
		return "", err
	}
	if err := checkGrowth(content, a); err != nil {
		return "", fmt.Errorf("%s: %w", target, err)
	}
	edited, err := replaceOnce(content, a.OldString, a.NewString, a.ReplaceAll)
	if err != nil {
		return "", fmt.Errorf("%s: %w", target, err)
	}
	err = writeAtomic(t.ws.root, target, 0o666, func(w io.Writer) error {
		_, err := io.WriteString(w, edited)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("write %s: %w", target, err)
	}
	if a.ReplaceAll {
		n := strings.Count(content, a.OldString)
		return fmt.Sprintf("edited %s: replaced %s", target, llm.Count(n, "occurrence")), nil
	}
	return fmt.Sprintf("edited %s: replaced 1 occurrence\n%s", target, showEdit(edited, occurrences(content, a.OldString, 1), a.NewString)), nil
}

// readForEdit reads the file an edit changes. writeTarget has looked at
// what target is; the open looks again, as read_file's does (see open.go),
// since a named pipe swapped in after the look would make it wait for ever.
func readForEdit(ws *Workspace, target string) (string, error) {
	f, err := openRegular(ws.FS(), target, target)
	if errors.Is(err, fs.ErrNotExist) {
		return "", fmt.Errorf("%s does not exist; write_file creates a file", target)
	}
	if err != nil {
		return "", err
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxWriteSize+1))
	switch {
	case err != nil:
		return "", fmt.Errorf("read %s: %w", target, err)
	case len(data) > maxWriteSize:
		return "", fmt.Errorf("%s is more than %d MiB, more than edit_file edits", target, maxWriteSize>>20)
	}
	return string(data), nil
}

// checkGrowth refuses an edit whose result would be bigger than
// maxWriteSize, before it is made: replacing every "a" of a big file with
// a long text could ask for gigabytes.
func checkGrowth(content string, a editFileArgs) error {
	replaced := min(strings.Count(content, a.OldString), 1)
	if a.ReplaceAll {
		replaced = strings.Count(content, a.OldString)
	}
	if size := len(content) + replaced*(len(a.NewString)-len(a.OldString)); size > maxWriteSize {
		return fmt.Errorf("the edit would make the file %d bytes, more than edit_file writes (%d MiB)", size, maxWriteSize>>20)
	}
	return nil
}

// The reasons an edit is refused. The model reads them and tries again, so
// each says what to do next.
var errNotFound = errors.New("old_string is not in the file; read the file again and copy the text exactly, white space included")

// ambiguous is the error for an old_string that occurs on each of lines,
// more than once; more than maxListed lines means "at least that many".
func ambiguous(lines []int) error {
	listed := lines[:min(len(lines), maxListed)]
	numbers := make([]string, len(listed))
	for i, n := range listed {
		numbers[i] = strconv.Itoa(n)
	}
	last := len(numbers) - 1
	where := strings.Join(numbers[:last], ", ") + " and " + numbers[last]
	if len(lines) > maxListed {
		return fmt.Errorf("old_string occurs more than %d times, first at lines %s; quote more lines around the change to make it unique, or set replace_all", maxListed, where)
	}
	return fmt.Errorf("old_string occurs %d times, at lines %s; quote more lines around the change to make it unique, or set replace_all", len(lines), where)
}

// replaceOnce returns content with old, which is never "", replaced by
// new. Unless all is set, old must occur exactly once: an edit the model
// meant for one place must not land in another, nor in two. With all set,
// every occurrence is replaced, and there must be at least one.
//
//lab:exercise 1 Replace old (never "") by new in content. Unless all, old must occur exactly once, overlaps counted: none is errNotFound, several is ambiguous(their lines). With all, replace each; none is errNotFound.
func replaceOnce(content, old, new string, all bool) (string, error) {
	lines := occurrences(content, old, maxListed+1)
	switch {
	case len(lines) == 0:
		return "", errNotFound
	case all:
		return strings.ReplaceAll(content, old, new), nil
	case len(lines) > 1:
		return "", ambiguous(lines)
	}
	return strings.Replace(content, old, new, 1), nil
}

// occurrences returns the line, counting from 1, on which each occurrence
// of old in content begins, in order, at most max of them. Occurrences may
// overlap: "}\n}" is twice in "}\n}\n}", and an edit of it is as ambiguous
// as any other. Stopping at max keeps a hostile file from costing much:
// beyond a few, more places say no more than "not unique".
func occurrences(content, old string, max int) []int {
	var lines []int
	line, counted := 1, 0 // the line of content[counted:]
	for from := 0; len(lines) < max; {
		i := strings.Index(content[from:], old)
		if i < 0 {
			break
		}
		at := from + i
		line += strings.Count(content[counted:at], "\n")
		counted = at
		lines = append(lines, line)
		from = at + 1 // the next occurrence may overlap this one
	}
	return lines
}

// showEdit shows, numbered as read_file numbers them, the lines of edited
// that hold the new text, which begins on the line of the only element of
// at. The model can check its edit without reading the file again.
func showEdit(edited string, at []int, new string) string {
	if len(at) == 0 {
		return ""
	}
	first, last := at[0], at[0]+strings.Count(new, "\n")
	var out strings.Builder
	n := 0
	for line := range strings.Lines(edited) {
		n++
		switch {
		case n < first:
			continue
		case n > last || n == first+maxListed:
			if n <= last {
				fmt.Fprintf(&out, "(and %d more lines)\n", last-n+1)
			}
			return out.String()
		}
		fmt.Fprintf(&out, "%6d\t%s\n", n, shortLine(strings.TrimRight(line, "\r\n")))
	}
	return out.String()
}
