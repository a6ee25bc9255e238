package tools

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// TestWriteToolSchemasFitTheirArguments ties the schema each of today's
// tools shows the model to the type its Run decodes the arguments into:
// the same names, a JSON type for each that the Go type can hold, and
// every required one among them. A field renamed on one side only would
// otherwise go unnoticed until a model's call came back empty.
func TestWriteToolSchemasFitTheirArguments(t *testing.T) {
	tests := []struct {
		tool Tool
		args any
	}{
		{EditFile{}, editFileArgs{}},
		{RunCommand{}, runCommandArgs{}},
		{WriteFile{}, writeFileArgs{}},
	}
	for _, tt := range tests {
		t.Run(tt.tool.Name(), func(t *testing.T) {
			var schema struct {
				Type       string
				Properties map[string]struct{ Type string }
				Required   []string
			}
			if err := json.Unmarshal(tt.tool.Schema(), &schema); err != nil || schema.Type != "object" {
				t.Fatalf("the schema is not a JSON object schema: %v", err)
			}
			fields := jsonFields(reflect.TypeOf(tt.args))
			for name, prop := range schema.Properties {
				kind, ok := fields[name]
				if !ok {
					t.Errorf("the schema has %q, which %T lacks", name, tt.args)
					continue
				}
				if want := jsonType(kind); prop.Type != want {
					t.Errorf("%q is %q in the schema, but a Go %v decodes from %q", name, prop.Type, kind, want)
				}
			}
			for name := range fields {
				if _, ok := schema.Properties[name]; !ok {
					t.Errorf("%T has %q, which the schema does not show the model", tt.args, name)
				}
			}
			for _, name := range schema.Required {
				if _, ok := fields[name]; !ok {
					t.Errorf("the schema requires %q, which %T lacks", name, tt.args)
				}
			}
			if len(schema.Required) == 0 {
				t.Error("the schema requires nothing; every tool of today needs at least its path or its command")
			}
		})
	}
}

// jsonFields returns the JSON names of a struct's fields, with their kinds.
func jsonFields(typ reflect.Type) map[string]reflect.Kind {
	fields := map[string]reflect.Kind{}
	for i := range typ.NumField() {
		f := typ.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		fields[name] = f.Type.Kind()
	}
	return fields
}

// jsonType is the JSON Schema type a Go value of kind decodes from.
func jsonType(kind reflect.Kind) string {
	switch kind {
	case reflect.String:
		return "string"
	case reflect.Bool:
		return "boolean"
	case reflect.Int, reflect.Int64:
		return "integer"
	}
	return "unknown to this test: " + kind.String()
}
