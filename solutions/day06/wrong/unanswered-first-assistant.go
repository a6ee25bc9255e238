// Wrong: the search runs from the start and stops at the first assistant
// message, so after one round the calls of the second are never answered.
// Exercise: 3
// Caught by: TestUnanswered/only_the_last_assistant_message_counts, TestCancelAtEveryPoint, self-check "a cancel at any point of a turn leaves no call without its result"
package agent

import "ply/day06/llm"

func unanswered(msgs []llm.Message) []llm.ToolCall {
	for i, m := range msgs {
		if m.Role != llm.RoleAssistant {
			continue
		}
		answered := map[string]bool{}
		for _, later := range msgs[i+1:] {
			if later.Role == llm.RoleTool {
				answered[later.ToolCallID] = true
			}
		}
		var missing []llm.ToolCall
		for _, call := range m.ToolCalls {
			if !answered[call.ID] {
				missing = append(missing, call)
			}
		}
		return missing
	}
	return nil
}
