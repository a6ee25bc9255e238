package agent

import (
	"reflect"
	"testing"

	"ply/day04/llm"
)

func TestMerger(t *testing.T) {
	frag := func(index int, id, name, args string) llm.ToolCallDelta {
		return llm.ToolCallDelta{Index: index, ID: id, Name: name, Arguments: args}
	}
	tests := []struct {
		name      string
		fragments []llm.ToolCallDelta
		want      []llm.ToolCall
	}{
		{"split inside keys and values",
			[]llm.ToolCallDelta{frag(0, "call_1", "read_file", ""), frag(0, "", "", `{"pa`), frag(0, "", "", `th":"ca`), frag(0, "", "", `lc.go"}`)},
			[]llm.ToolCall{{ID: "call_1", Name: "read_file", Arguments: `{"path":"calc.go"}`}}},
		{"whole in one fragment, as Ollama sends",
			[]llm.ToolCallDelta{frag(0, "call_9", "list_dir", `{}`)},
			[]llm.ToolCall{{ID: "call_9", Name: "list_dir", Arguments: `{}`}}},
		{"parallel, one after the other",
			[]llm.ToolCallDelta{frag(0, "a", "find", `{"p":`), frag(0, "", "", `1}`), frag(1, "b", "search", `{"p":`), frag(1, "", "", `2}`)},
			[]llm.ToolCall{{ID: "a", Name: "find", Arguments: `{"p":1}`}, {ID: "b", Name: "search", Arguments: `{"p":2}`}}},
		{"parallel, interleaved and out of order",
			[]llm.ToolCallDelta{frag(1, "b", "search", `{"p":`), frag(0, "a", "find", `{"p":`), frag(0, "", "", `1}`), frag(1, "", "", `2}`)},
			[]llm.ToolCall{{ID: "a", Name: "find", Arguments: `{"p":1}`}, {ID: "b", Name: "search", Arguments: `{"p":2}`}}},
		{"no ID from the server",
			[]llm.ToolCallDelta{frag(0, "", "find", `{}`), frag(1, "", "search", `{}`)},
			[]llm.ToolCall{{ID: "call_0", Name: "find", Arguments: `{}`}, {ID: "call_1", Name: "search", Arguments: `{}`}}},
		{"the ID and name come once, later fragments repeat nothing",
			[]llm.ToolCallDelta{frag(0, "x", "find", ""), frag(0, "", "", `{}`)},
			[]llm.ToolCall{{ID: "x", Name: "find", Arguments: `{}`}}},
		{"no fragments", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var m merger
			for _, f := range tt.fragments {
				m.add(f)
			}
			if got := m.result(); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("merged %#v\nwant   %#v (see exercise 1)", got, tt.want)
			}
		})
	}
}
