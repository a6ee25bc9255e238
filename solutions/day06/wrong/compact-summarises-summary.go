// Wrong: an earlier summary alone counts as something to compact, so
// compacting twice with nothing new asks for a summary of the summary and
// rewrites the window every time.
// Exercise: 5
// Caught by: TestCompact/only_an_earlier_summary_before_the_last_turn, TestCompactProperties
package agent

import "ply/day06/llm"

func older(window []llm.Message) []llm.Message {
	start := lastTurn(window)
	if start < 2 {
		return nil
	}
	return window[1:start]
}
