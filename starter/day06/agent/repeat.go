package agent

import (
	"fmt"

	"ply/day06/llm"
)

// MaxRepeats is how many times in a row the model may make the very same
// call before the turn stops. The same tool with the same arguments gives
// the same result (a write tool makes the same change), so a model that
// asks a third time is not learning anything: it is stuck, and every
// round costs the whole conversation in tokens. Twice is allowed, because
// rereading a file after an edit elsewhere is reasonable.
const MaxRepeats = 3

// repeats counts how many times in a row the same call has come, across
// the rounds of one turn.
type repeats struct {
	last  string // the call seen last: its name and its canonical arguments
	count int    // how many times in a row it has come
}

// see notes one more call and returns how many times in a row it has now
// come, this time included. Two calls are the same when they have the same
// name and their arguments are the same JSON value: {"a":1,"b":2} and
// { "b": 2, "a": 1 } are one call spelt two ways.
func (r *repeats) see(call llm.ToolCall) int {
	// TODO(lab 4): Return how many times in a row call has now come, this one
	// included. Two calls are the same when their Names and
	// canonical(Arguments) are; a different call starts a new run at 1.
	// See "Exercise 4" in README.md; for hints: go run ply/cmd/lab hint day06 4
	return 0
}

// canonical returns args as compact JSON with its object keys in sorted
// order, so that two spellings of the same arguments are the same text.
// Numbers stay as they are written: read as float64, 12345678901234567890
// and 12345678901234567891 would be one number. No arguments at all are
// "{}", as the registry reads them; text that is not one JSON value comes
// back as it is.
func canonical(args string) string {
	// TODO(lab 4): Return args re-encoded as compact JSON with sorted object
	// keys and every number as it is written; "{}" when args is empty or only
	// spaces; args itself when it is not one valid JSON value.
	// See "Exercise 4" in README.md; for hints: go run ply/cmd/lab hint day06 4
	return ""
}

// stuck feeds calls to r in order and returns the first that has now come
// MaxRepeats times in a row.
func (r *repeats) stuck(calls []llm.ToolCall) (llm.ToolCall, bool) {
	for _, call := range calls {
		if r.see(call) >= MaxRepeats {
			return call, true
		}
	}
	return llm.ToolCall{}, false
}

// repeatedResult answers the calls of a reply that repeated itself: to the
// model, it says why nothing ran and what to do instead.
func repeatedResult(call llm.ToolCall) string {
	return fmt.Sprintf("not run: %s with these arguments came %d times in a row, so ply stopped the turn; "+
		"the result would not change. Try something else, or tell the user what is in the way.", call.Name, MaxRepeats)
}
