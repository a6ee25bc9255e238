// Wrong: the system prompt goes with the older messages, so after a
// compaction the model no longer knows it is ply, or how to use its tools.
// Exercise: 5
// Caught by: TestCompact/two_turns:_the_first_goes, TestCompactProperties, self-check "/compact keeps the system prompt and the last turn, and shrinks", self-check "compaction never parts a tool call from its result"
package agent

import "ply/day06/llm"

func compact(window []llm.Message, summary string) []llm.Message {
	old := older(window)
	if len(old) == 0 {
		return window
	}
	rebuilt := []llm.Message{llm.SummaryMessage(summary, len(old)+1)}
	return append(rebuilt, window[1+len(old):]...)
}
