package agent

import (
	"strings"

	"ply/day03/llm"
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
	// TODO(lab 1): Find the call at f.Index in m.calls, making it (and the map,
	// if nil) when it is the first fragment of that index. Take f.ID and f.Name
	// when the call has none yet, and add f.Arguments to its arguments.
	// See "Exercise 1" in README.md; for hints: go run ./cmd/lab hint day03 1
}

// result returns the whole calls in index order, or nil when there are
// none. A call whose fragments carried no ID gets one, since its result
// must name it: some servers leave IDs out.
func (m *merger) result() []llm.ToolCall {
	// TODO(lab 1): Return the calls of m.calls as llm.ToolCalls sorted by index
	// (slices.Sorted(maps.Keys(…)) gives the indexes in order), or nil when
	// there are none: appending to a nil slice gives that. Give a call with no
	// ID the ID "call_" followed by its index.
	// See "Exercise 1" in README.md; for hints: go run ./cmd/lab hint day03 1
	return nil
}
