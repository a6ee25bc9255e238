// Package tools holds what the model can ask ply to do: the Tool
// interface, the registry that runs tools by name, the workspace every
// path is confined to, and the tools themselves, one file each.
//
// A tool that fails does not fail the turn. Its error becomes the result
// the model reads, so that the model can see what went wrong and try
// something else.
package tools

import (
	"context"
	"encoding/json"
	"fmt"
)

// Tool is something the model can ask ply to do.
type Tool interface {
	Name() string                                                  // what the model calls it, such as "read_file"
	Description() string                                           // when and how to use it, for the model to read
	Schema() json.RawMessage                                       // a JSON Schema of its arguments object
	Args() any                                                     // a new arguments struct, the Go side of Schema, to decode into
	ReadOnly() bool                                                // it looks and never changes anything
	Run(ctx context.Context, args json.RawMessage) (string, error) // its output, or why it failed
}

// decodeArgs unmarshals a tool's arguments into v, with an error the
// model can act on. Fields the schema does not name are ignored: models
// add them now and then, and they do no harm.
//
// Each tool declares its arguments as a struct beside its schema, one
// field per property. A required property's field has a plain json tag;
// an optional one's says omitempty, because its zero value means "the
// default" (TestSchemasMatchArgs holds the two to each other).
func decodeArgs(args json.RawMessage, v any) error {
	if err := json.Unmarshal(args, v); err != nil {
		return fmt.Errorf("the arguments do not fit the schema: %v", err)
	}
	return nil
}
