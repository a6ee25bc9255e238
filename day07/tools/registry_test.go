package tools

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

// fake is a tool whose answer the test decides.
type fake struct {
	output string
	err    error
	got    *json.RawMessage // where it keeps the arguments it was given
}

func (fake) Name() string            { return "fake" }
func (fake) Description() string     { return "a test double" }
func (fake) Schema() json.RawMessage { return json.RawMessage(`{"type":"object"}`) }
func (fake) Args() any               { return new(map[string]any) }
func (fake) ReadOnly() bool          { return true }
func (f fake) Run(_ context.Context, args json.RawMessage) (string, error) {
	if f.got != nil {
		*f.got = args
	}
	return f.output, f.err
}

func TestRegistryRun(t *testing.T) {
	tests := []struct {
		name, tool, args string
		fake             fake
		want             string
		failed           bool
	}{
		{"works", "fake", `{"a":1}`, fake{output: "done"}, "done", false},
		{"empty output", "fake", `{}`, fake{}, "(no output)", false},
		{"tool fails", "fake", `{}`, fake{err: errors.New("disk on fire")}, "error: disk on fire", true},
		{"unknown tool", "delete_everything", `{}`, fake{}, `error: there is no tool "delete_everything"; the tools are fake`, true},
		{"broken JSON", "fake", `{"a":`, fake{}, `error: the arguments are not valid JSON: {"a":`, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := NewRegistry(tt.fake).Run(context.Background(), tt.tool, tt.args)
			if r.Text != tt.want || (r.Err != nil) != tt.failed {
				t.Errorf("Run = %q (err %v), want %q (failed=%v)", r.Text, r.Err, tt.want, tt.failed)
			}
		})
	}
}

func TestRegistryNoArguments(t *testing.T) {
	var got json.RawMessage
	r := NewRegistry(fake{output: "ok", got: &got}).Run(context.Background(), "fake", "")
	if r.Err != nil || string(got) != "{}" {
		t.Errorf("with no arguments, the tool got %q (err %v), want {}", got, r.Err)
	}
}

func TestRegistryTruncates(t *testing.T) {
	long := strings.Repeat("0123456789\n", 5000)
	r := NewRegistry(fake{output: long}).Run(context.Background(), "fake", "{}")
	if !r.Truncated || r.Chars != len(long) || utf8.RuneCountInString(r.Text) > maxResultChars+100 {
		t.Errorf("Truncated=%v Chars=%d len(Text)=%d; want true, %d, about %d", r.Truncated, r.Chars, len(r.Text), len(long), maxResultChars)
	}
}

func TestRegistryDuplicateNames(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Error("two tools with one name did not panic")
		}
	}()
	NewRegistry(fake{}, fake{})
}

func TestRegistryAllSorted(t *testing.T) {
	var names []string
	for _, tool := range NewRegistry(ReadOnly(nil)...).All() {
		names = append(names, tool.Name())
	}
	if got := strings.Join(names, " "); got != "find list_dir read_file search" {
		t.Errorf("tools %q, want find list_dir read_file search", got)
	}
}
