// Wrong: the key is the arguments alone, so list_dir {"path":"."} then find
// {"path":"."} count as one call made twice.
// Exercise: 4
// Caught by: TestRepeatsSee/another_tool_with_the_same_arguments_starts_again
package agent

import "ply/day06/llm"

func (r *repeats) see(call llm.ToolCall) int {
	key := canonical(call.Arguments)
	if key == r.last {
		r.count++
	} else {
		r.last, r.count = key, 1
	}
	return r.count
}
