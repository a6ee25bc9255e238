// Wrong: it counts how often the call came in the whole turn, not in a row,
// so a model that rereads a file between two edits is stopped for nothing.
// Exercise: 4
// Caught by: TestRepeatsSee/a_break_in_the_run_starts_again
package agent

import (
	"strings"

	"ply/day06/llm"
)

func (r *repeats) see(call llm.ToolCall) int {
	key := call.Name + "\n" + canonical(call.Arguments)
	r.last += key + "\x00"
	count := 0
	for _, k := range strings.Split(r.last, "\x00") {
		if k == key {
			count++
		}
	}
	return count
}
