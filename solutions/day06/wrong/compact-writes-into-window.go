// Wrong: append(window[:1], …) builds the result in window's own array: the
// summary overwrites window[1] under the caller's feet, and the caller's
// conversation is no longer what it was.
// Exercise: 5
// Caught by: TestCompactIsPure, TestCompactProperties
package agent

import "ply/day06/llm"

func compact(window []llm.Message, summary string) []llm.Message {
	old := older(window)
	if len(old) == 0 {
		return window
	}
	rest := window[1+len(old):]
	rebuilt := append(window[:1], llm.SummaryMessage(summary, len(old)))
	return append(rebuilt, rest...)
}
