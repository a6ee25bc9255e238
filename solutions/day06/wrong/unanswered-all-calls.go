// Wrong: every call of the last assistant message is returned, answered or
// not, so a call that ran gets a second result, and the server refuses the
// next request.
// Exercise: 3
// Caught by: TestUnanswered/the_first_has_its_result, TestUnanswered/all_answered, TestCancelAtEveryPoint, self-check "Ctrl-C while tools run answers every call that did not run", self-check "a cancel at any point of a turn leaves no call without its result"
package agent

import "ply/day06/llm"

func unanswered(msgs []llm.Message) []llm.ToolCall {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role == llm.RoleAssistant {
			return msgs[i].ToolCalls
		}
	}
	return nil
}
