package agent

import (
	"fmt"
	"maps"
	"slices"

	"ply/day04/llm"
)

// merger assembles whole tool calls from the fragments a reply streams.
//
// Fragments of one call share an index. The first fragment to carry an ID
// or a name gives it; the pieces of the arguments join in the order they
// came. OpenAI sends a call's ID and name first and its arguments in many
// pieces; Ollama sends each call whole, in one fragment. Both merge the
// same way.
type merger struct {
	calls map[int]*llm.ToolCall // by index
}

// add folds one fragment into the call at its index.
func (m *merger) add(f llm.ToolCallDelta) {
	if m.calls == nil {
		m.calls = map[int]*llm.ToolCall{}
	}
	call, ok := m.calls[f.Index]
	if !ok {
		call = &llm.ToolCall{}
		m.calls[f.Index] = call
	}
	if call.ID == "" {
		call.ID = f.ID
	}
	if call.Name == "" {
		call.Name = f.Name
	}
	call.Arguments += f.Arguments
}

// result returns the whole calls in index order, or nil when there are
// none. A call whose fragments carried no ID gets one, since its result
// must name it: some servers leave IDs out.
func (m *merger) result() []llm.ToolCall {
	var calls []llm.ToolCall
	for _, index := range slices.Sorted(maps.Keys(m.calls)) {
		call := *m.calls[index]
		if call.ID == "" {
			call.ID = fmt.Sprintf("call_%d", index)
		}
		calls = append(calls, call)
	}
	return calls
}
