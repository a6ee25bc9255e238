package agent

import "ply/day06/llm"

// compact rebuilds window around summary: the system prompt, then the
// summary in one user message that says how many messages it replaces,
// then the last turn exactly as it was, from the user's latest message
// on. A turn is never cut, so a tool call always keeps its results.
//
// compact is pure. It does not change window or keep it, and the same
// window and summary always give the same result, which is what lets a
// conversation be rebuilt later from its first messages and the summaries
// alone. When there is nothing to replace (see older), it returns window
// itself, so compacting twice, with nothing new between, changes nothing
// the second time.
//
//lab:exercise 5 Return a new slice: window[0], llm.SummaryMessage(summary, len(old)) for old := older(window), then the rest of window; window itself when old is empty. Never write into window's array.
func compact(window []llm.Message, summary string) []llm.Message {
	old := older(window)
	if len(old) == 0 {
		return window
	}
	rebuilt := []llm.Message{window[0], llm.SummaryMessage(summary, len(old))}
	return append(rebuilt, window[1+len(old):]...)
}

// older returns the messages compaction replaces: all those between the
// system prompt and the last turn. It returns none when there are none,
// or when the only one is the summary of an earlier compaction: a summary
// of that summary would gain nothing.
func older(window []llm.Message) []llm.Message {
	start := lastTurn(window)
	if start < 2 || (start == 2 && llm.IsSummary(window[1])) {
		return nil
	}
	return window[1:start]
}

// lastTurn returns the index of the message the last turn starts with: the
// latest user message that is not a summary. It returns 0 when there is
// none. Only a user message starts a turn, so the turn that starts there
// holds every call made after it and every result of those calls.
func lastTurn(window []llm.Message) int {
	for i := len(window) - 1; i > 0; i-- {
		if window[i].Role == llm.RoleUser && !llm.IsSummary(window[i]) {
			return i
		}
	}
	return 0
}
