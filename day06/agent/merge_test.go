package agent

import (
	"fmt"
	"reflect"
	"testing"

	"ply/day06/llm"
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
				t.Errorf("merged %#v\nwant   %#v (see day03's exercise 1)", got, tt.want)
			}
		})
	}
}

// TestMergerCopiesOnce merges a call whose arguments come a byte at a
// time, as a slow or hostile server may send them. Joining the pieces
// with += would allocate a new string at every piece; a strings.Builder
// allocates only as it doubles.
func TestMergerCopiesOnce(t *testing.T) {
	const pieces = 10_000
	allocs := testing.AllocsPerRun(5, func() {
		var m merger
		m.add(llm.ToolCallDelta{ID: "c", Name: "search"})
		for range pieces {
			m.add(llm.ToolCallDelta{Arguments: "x"})
		}
		if calls := m.result(); len(calls) != 1 || len(calls[0].Arguments) != pieces {
			t.Fatalf("merged %d calls, want one with %d bytes of arguments", len(calls), pieces)
		}
	})
	if allocs > 100 {
		t.Errorf("merging %d pieces of one call allocated %v times, want a few dozen: add each piece to a strings.Builder (see day03's exercise 1)", pieces, allocs)
	}
}

// BenchmarkMerger merges calls of more and more one-byte pieces; the time
// per piece should stay flat.
func BenchmarkMerger(b *testing.B) {
	for _, pieces := range []int{1_000, 10_000, 100_000, 1_000_000} {
		b.Run(fmt.Sprintf("pieces=%d", pieces), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var m merger
				for range pieces {
					m.add(llm.ToolCallDelta{Arguments: "x"})
				}
				m.result()
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(pieces), "ns/piece")
		})
	}
}
