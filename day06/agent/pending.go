package agent

import (
	"fmt"

	"ply/day06/llm"
)

// The invariant this file keeps: no assistant tool call without its
// result, ever. Every call in a conversation is followed, before the next
// message of any other role, by one tool message carrying its ID. Servers
// refuse a conversation that breaks it, and they refuse every later
// request too, so one broken turn would break the whole session.

// unanswered returns the calls of the last assistant message in msgs that
// no tool message after it answers, in the order the message made them.
// After a turn is cancelled, these are the calls that never ran.
//
//lab:exercise 3 Return the calls of the last assistant message of msgs that no later tool message answers (same ID as its ToolCallID), in call order; none when that message made no calls or all have results.
func unanswered(msgs []llm.Message) []llm.ToolCall {
	for i := len(msgs) - 1; i >= 0; i-- {
		if msgs[i].Role != llm.RoleAssistant {
			continue
		}
		answered := map[string]bool{}
		for _, m := range msgs[i+1:] {
			if m.Role == llm.RoleTool {
				answered[m.ToolCallID] = true
			}
		}
		var missing []llm.ToolCall
		for _, call := range msgs[i].ToolCalls {
			if !answered[call.ID] {
				missing = append(missing, call)
			}
		}
		return missing
	}
	return nil
}

// WellFormed checks the whole conversation: a system prompt first, every
// call answered by exactly one tool message right after its assistant
// message, and no tool message that answers nothing. It says where the
// first fault is. The agent checks the window compaction rebuilds with
// it, and the tests check every request with it.
func WellFormed(msgs []llm.Message) error {
	if len(msgs) == 0 || msgs[0].Role != llm.RoleSystem {
		return fmt.Errorf("the conversation does not start with the system prompt")
	}
	var open map[string]bool // the calls of the latest assistant message still waiting for a result
	for i, m := range msgs {
		switch {
		case m.Role == llm.RoleTool && !open[m.ToolCallID]:
			return fmt.Errorf("message %d answers call %q, which nothing before it is waiting for", i, m.ToolCallID)
		case m.Role == llm.RoleTool:
			delete(open, m.ToolCallID)
			continue
		case len(open) > 0:
			return fmt.Errorf("message %d comes while %d tool calls still wait for their results", i, len(open))
		}
		open = map[string]bool{}
		for _, call := range m.ToolCalls {
			open[call.ID] = true
		}
	}
	if len(open) > 0 {
		return fmt.Errorf("the conversation ends while %d tool calls still wait for their results", len(open))
	}
	return nil
}
