package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"
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
// by name. The commands run_command runs get environ without its secrets.
func Editing(ws *Workspace, environ []string) []Tool {
	return []Tool{EditFile{ws}, NewRunCommand(ws, environ), WriteFile{ws}}
}

// All returns the tools, sorted by name.
func (r *Registry) All() []Tool {
	all := make([]Tool, len(r.names))
	for i, name := range r.names {
		all[i] = r.tools[name]
	}
	return all
}

// Result is what one tool call gave back.
type Result struct {
	Text      string // what the model reads: the output, or "error: " and what went wrong
	Err       error  // why the call failed; nil when it worked
	Chars     int    // the length of the whole output, in characters, before any cut
	Truncated bool   // Text keeps only the head and the tail of the output
}

// Run runs the tool called name with args, the JSON text the model wrote.
// Nothing the model sends can make Run fail the turn: an unknown tool,
// arguments that are not JSON and a tool's own failure all come back as a
// Result whose Text says what went wrong. An output over maxResultChars is
// cut down to its head and tail.
func (r *Registry) Run(ctx context.Context, name, args string) Result {
	tool, ok := r.tools[name]
	if !ok {
		return failed(fmt.Errorf("there is no tool %q; the tools are %s", name, strings.Join(r.names, ", ")))
	}
	if strings.TrimSpace(args) == "" {
		args = "{}" // some models send nothing for a call with no arguments
	}
	if !json.Valid([]byte(args)) {
		return failed(fmt.Errorf("the arguments are not valid JSON: %s", args))
	}
	output, err := tool.Run(ctx, json.RawMessage(args))
	if err != nil {
		return failed(err)
	}
	if output == "" {
		output = "(no output)" // an empty tool message is refused by some servers
	}
	result := Result{Text: output, Chars: utf8.RuneCountInString(output)}
	if result.Chars > maxResultChars {
		result.Text, result.Truncated = truncate(output, maxResultChars), true
	}
	return result
}

// failed is the Result of a call that went wrong.
func failed(err error) Result {
	text := "error: " + err.Error()
	return Result{Text: text, Err: err, Chars: utf8.RuneCountInString(text)}
}
