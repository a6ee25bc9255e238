// Wrong: only the very last message is looked at; once the first call has
// its result, the last message is a tool message, and the calls still
// waiting are missed.
// Exercise: 3
// Caught by: TestUnanswered/the_first_has_its_result, TestCancelAtEveryPoint, TestCancelledCallsSayWhy, self-check "Ctrl-C while tools run answers every call that did not run", self-check "a cancel at any point of a turn leaves no call without its result"
package agent

import "ply/day06/llm"

func unanswered(msgs []llm.Message) []llm.ToolCall {
	if len(msgs) == 0 || msgs[len(msgs)-1].Role != llm.RoleAssistant {
		return nil
	}
	return msgs[len(msgs)-1].ToolCalls
}
