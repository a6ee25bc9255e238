package tools

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestSchemasMatchArgs holds each tool's hand-written schema to its
// arguments struct: the same property names, the same types, and a
// property required exactly when its field's zero value is not a default
// (no omitempty). A field added to one and not the other fails here.
func TestSchemasMatchArgs(t *testing.T) {
	jsonType := map[reflect.Kind]string{reflect.String: "string", reflect.Int: "integer", reflect.Bool: "boolean"}
	for _, tool := range slices.Concat(ReadOnly(nil), Editing(nil, nil, nil)) {
		var schema struct {
			Type       string
			Properties map[string]struct{ Type, Description string }
			Required   []string
		}
		if err := json.Unmarshal(tool.Schema(), &schema); err != nil || schema.Type != "object" {
			t.Errorf("%s: the schema is not a JSON object schema (%v)", tool.Name(), err)
			continue
		}
		if tool.Description() == "" {
			t.Errorf("%s has no description for the model", tool.Name())
		}
		args := reflect.TypeOf(tool.Args())
		if args.Kind() != reflect.Pointer || args.Elem().Kind() != reflect.Struct {
			t.Errorf("%s: Args() is a %v, want a pointer to a struct", tool.Name(), args)
			continue
		}
		fields := map[string]bool{}
		for i := range args.Elem().NumField() {
			f := args.Elem().Field(i)
			name, options, _ := strings.Cut(f.Tag.Get("json"), ",")
			fields[name] = true
			property, ok := schema.Properties[name]
			switch {
			case !ok:
				t.Errorf("%s: field %s (json %q) is not a property of the schema", tool.Name(), f.Name, name)
			case property.Type != jsonType[f.Type.Kind()]:
				t.Errorf("%s: property %q is a %q in the schema and a Go %v in %s", tool.Name(), name, property.Type, f.Type, args.Elem())
			case property.Description == "":
				t.Errorf("%s: property %q has no description for the model", tool.Name(), name)
			}
			if required, optional := slices.Contains(schema.Required, name), options == "omitempty"; required == optional {
				t.Errorf("%s: property %q: required %v in the schema, omitempty %v in %s; want one or the other",
					tool.Name(), name, required, optional, args.Elem())
			}
		}
		for name := range schema.Properties {
			if !fields[name] {
				t.Errorf("%s: property %q of the schema has no field in %s", tool.Name(), name, args.Elem())
			}
		}
	}
}

// TestRegistryReadsArgumentsOnce checks that the tool is given, and the
// screen is shown, the arguments as the tool's struct reads them, however
// the model wrote them.
func TestRegistryReadsArgumentsOnce(t *testing.T) {
	tests := []struct {
		name, args string
		want       string // what the tool gets and Result.Arguments says
	}{
		{"as written", `{"path":"calc.go"}`, `{"path":"calc.go"}`},
		{"a key twice: the last one counts", `{"path":"calc.go","path":"../secret.txt"}`, `{"path":"../secret.txt"}`},
		{"a key in another case", `{"path":"calc.go","PATH":"../secret.txt"}`, `{"path":"../secret.txt"}`},
		{"keys the tool does not know", `{"junk":"` + strings.Repeat("x", 100) + `","path":"a"}`, `{"path":"a"}`},
		{"a default left out", `{"path":"a","offset":0}`, `{"path":"a"}`},
		{"spaces and HTML", `{ "path" : "a<b>&c" }`, `{"path":"a<b>&c"}`},
		{"nothing", ``, `{"path":""}`},
		{"null", `null`, `{"path":""}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got json.RawMessage
			r := NewRegistry(spy{&got}).Run(context.Background(), "read_file", tt.args)
			if string(got) != tt.want || r.Arguments != tt.want || r.Err != nil {
				t.Errorf("arguments %s: the tool got %s and Result.Arguments is %s (err %v); want %s for both",
					tt.args, got, r.Arguments, r.Err, tt.want)
			}
		})
	}
}

// spy is read_file's schema and arguments with a Run that only keeps the
// arguments it was given.
type spy struct{ got *json.RawMessage }

func (spy) Name() string            { return "read_file" }
func (spy) Description() string     { return ReadFile{}.Description() }
func (spy) Schema() json.RawMessage { return ReadFile{}.Schema() }
func (spy) Args() any               { return ReadFile{}.Args() }
func (spy) ReadOnly() bool          { return true }
func (s spy) Run(_ context.Context, args json.RawMessage) (string, error) {
	*s.got = args
	return "ok", nil
}

func TestRegistryRefusesArguments(t *testing.T) {
	tests := []struct{ name, args, want string }{
		{"not JSON", `{"path":`, `error: the arguments are not valid JSON: {"path":`},
		{"not an object", `["calc.go"]`, "error: the arguments do not fit the schema: json: cannot unmarshal array into Go value of type tools.readFileArgs"},
		{"a wrong type", `{"path":"a","offset":"9"}`, "error: the arguments do not fit the schema: json: cannot unmarshal string into Go struct field readFileArgs.offset of type int"},
		{"a number too big", `{"path":"a","offset":1e30}`, "error: the arguments do not fit the schema: json: cannot unmarshal number 1e30 into Go struct field readFileArgs.offset of type int"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got json.RawMessage
			r := NewRegistry(spy{&got}).Run(context.Background(), "read_file", tt.args)
			if r.Text != tt.want || r.Err == nil || got != nil || r.Arguments != tt.args {
				t.Errorf("arguments %s: Result %q (err %v, Arguments %q), tool run %v; want %q, the tool not run, the arguments as written",
					tt.args, r.Text, r.Err, r.Arguments, got != nil, tt.want)
			}
		})
	}
}

// TestErrorsShareTheBudget checks that an error result is cut like any
// other: the model's own 100 KB of broken JSON does not all come back.
func TestErrorsShareTheBudget(t *testing.T) {
	broken := `{"path":"` + strings.Repeat("x", 100_000)
	tests := []struct{ name, tool, args string }{
		{"broken arguments", "fake", broken},
		{"an unknown tool's name", strings.Repeat("n", 100_000), "{}"},
		{"a tool's long error", "fail", "{}"},
	}
	r := NewRegistry(fake{}, failing{})
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := r.Run(context.Background(), tt.tool, tt.args)
			if got.Err == nil || !got.Truncated || got.Chars < 100_000 || len([]rune(got.Text)) > maxResultChars+100 ||
				!strings.HasPrefix(got.Text, "error: ") {
				t.Errorf("Err %v, Truncated %v, Chars %d, %d characters kept; want an error result cut to about %d (needs day03's exercise 3)",
					got.Err != nil, got.Truncated, got.Chars, len([]rune(got.Text)), maxResultChars)
			}
		})
	}
}

// failing is a tool whose error is 100,000 characters long.
type failing struct{ fake }

func (failing) Name() string { return "fail" }
func (failing) Run(context.Context, json.RawMessage) (string, error) {
	return "", errors.New(strings.Repeat("e", 100_000))
}
