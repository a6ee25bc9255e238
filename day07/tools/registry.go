package tools

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"ply/day07/sandbox"
)

// Registry holds the tools the model may call, by name.
type Registry struct {
	tools map[string]Tool
	names []string // sorted, for listings the same in every run
}

// NewRegistry returns a registry of the given tools. Two tools with one
// name are a programmer's mistake, and NewRegistry panics.
func NewRegistry(tools ...Tool) *Registry {
	r := &Registry{tools: map[string]Tool{}}
	for _, t := range tools {
		if _, dup := r.tools[t.Name()]; dup {
			panic("tools: two tools are named " + t.Name())
		}
		r.tools[t.Name()] = t
		r.names = append(r.names, t.Name())
	}
	slices.Sort(r.names)
	return r
}

// ReadOnly returns the day's read-only tools, working in ws, sorted by name.
func ReadOnly(ws *Workspace) []Tool {
	return []Tool{Find{ws}, ListDir{ws}, ReadFile{ws}, Search{ws}}
}

// Editing returns the day's tools that change things, working in ws, sorted
// by name. The commands run_command runs get environ without its secrets,
// in a sandbox made of places (nil: none).
func Editing(ws *Workspace, environ []string, places *sandbox.Places) []Tool {
	return []Tool{EditFile{ws}, NewRunCommand(ws, environ, places), WriteFile{ws}}
}

// All returns the tools, sorted by name.
func (r *Registry) All() []Tool {
	all := make([]Tool, len(r.names))
	for i, name := range r.names {
		all[i] = r.tools[name]
	}
	return all
}

// Lookup returns the tool called name, and whether there is one: the
// approval gate is handed the tool itself, to ask it whether it only
// reads and what a call would change.
func (r *Registry) Lookup(name string) (Tool, bool) {
	tool, ok := r.tools[name]
	return tool, ok
}

// Result is what one tool call gave back.
type Result struct {
	Text      string // what the model reads: the output, or "error: " and what went wrong
	Err       error  // why the call failed; nil when it worked
	Arguments string // the arguments as the tool read them (see readArgs), or as the model wrote them if they could not be read
	Chars     int    // the length of the whole text, in characters, before any cut
	Truncated bool   // Text keeps only the head and the tail of it
}

// Run runs the tool called name with args, the JSON text the model wrote.
// Nothing the model sends can make Run fail the turn: an unknown tool,
// arguments that are not JSON and a tool's own failure all come back as a
// Result whose Text says what went wrong. Every result, an error as much
// as an output, is held to one budget: over maxResultChars characters, it
// is cut down to its head and tail.
func (r *Registry) Run(ctx context.Context, name, args string) Result {
	tool, ok := r.tools[name]
	if !ok {
		return result(args, "", fmt.Errorf("there is no tool %q; the tools are %s", name, strings.Join(r.names, ", ")))
	}
	read, err := readArgs(tool, args)
	if err != nil {
		return result(args, "", err)
	}
	output, err := tool.Run(ctx, read)
	return result(string(read), output, err)
}

// readArgs decodes the arguments the model wrote into the tool's own
// arguments struct, and encodes that again. The text it returns is the
// call as the tool reads it: each key once, and only the keys it knows.
// JSON readers disagree on a key written twice (Go's keeps the last, some
// keep the first), so the raw text could show one path and the tool open
// another; this text is what the screen shows and what the tool is given.
func readArgs(tool Tool, args string) (json.RawMessage, error) {
	if strings.TrimSpace(args) == "" {
		args = "{}" // some models send nothing for a call with no arguments
	}
	if !json.Valid([]byte(args)) {
		return nil, fmt.Errorf("the arguments are not valid JSON: %s", args)
	}
	v := tool.Args()
	if err := decodeArgs(json.RawMessage(args), v); err != nil {
		return nil, err
	}
	var read bytes.Buffer
	enc := json.NewEncoder(&read)
	enc.SetEscapeHTML(false) // the screen shows "<", not "\u003c"
	if err := enc.Encode(v); err != nil {
		return nil, fmt.Errorf("the arguments do not encode again: %v", err) // only if Args is not plain data
	}
	return bytes.TrimSuffix(read.Bytes(), []byte("\n")), nil
}

// result makes the Result of a call from its output, or from its error
// when it failed, and holds either to the budget.
func result(args, output string, err error) Result {
	switch {
	case err != nil:
		output = "error: " + err.Error()
	case output == "":
		output = "(no output)" // an empty tool message is refused by some servers
	}
	r := Result{Text: output, Err: err, Arguments: args, Chars: utf8.RuneCountInString(output)}
	if r.Chars > maxResultChars {
		r.Text, r.Truncated = truncate(output, maxResultChars), true
	}
	return r
}
