package agent

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"ply/day06/llm"
)

// merger assembles whole tool calls from the fragments a reply streams.
//
// Fragments of one call share an index. The first fragment to carry an ID
// or a name gives it; the pieces of the arguments join in the order they
// came. OpenAI sends a call's ID and name first and its arguments in many
// pieces; Ollama sends each call whole, in one fragment. Both merge the
// same way.
type merger struct {
	calls map[int]*pending // by index
}

// MergeCalls joins fragments, in the order they came, into whole calls,
// exactly as a turn does: for a check of what a gateway streams, without
// a turn around it.
func MergeCalls(fragments []llm.ToolCallDelta) []llm.ToolCall {
	var m merger
	for _, f := range fragments {
		m.add(f)
	}
	return m.result()
}

// pending is a call whose fragments are still coming. Its arguments grow
// in a strings.Builder, which copies each piece once: joining strings
// with += copies everything so far at every piece, and a server that
// sends arguments a byte at a time makes that quadratic.
type pending struct {
	id, name  string
	arguments strings.Builder
}

// add folds one fragment into the call at its index.
func (m *merger) add(f llm.ToolCallDelta) {
	if m.calls == nil {
		m.calls = map[int]*pending{}
	}
	call, ok := m.calls[f.Index]
	if !ok {
		call = &pending{}
		m.calls[f.Index] = call
	}
	if call.id == "" {
		call.id = f.ID
	}
	if call.name == "" {
		call.name = f.Name
	}
	call.arguments.WriteString(f.Arguments)
}

// result returns the whole calls in index order, or nil when there are
// none. A call whose fragments carried no ID gets one, since its result
// must name it: some servers leave IDs out.
func (m *merger) result() []llm.ToolCall {
	var calls []llm.ToolCall
	for _, index := range slices.Sorted(maps.Keys(m.calls)) {
		call := m.calls[index]
		id := call.id
		if id == "" {
			id = fmt.Sprintf("call_%d", index)
		}
		calls = append(calls, llm.ToolCall{ID: id, Name: call.name, Arguments: call.arguments.String()})
	}
	return calls
}
