// Wrong: the last four messages are kept, wherever they start; the cut
// falls between a call and its results, and the server refuses the
// conversation.
// Exercise: 5
// Caught by: TestCompact, TestCompactProperties
package agent

import "ply/day06/llm"

func older(window []llm.Message) []llm.Message {
	if len(window) <= 5 {
		return nil
	}
	return window[1 : len(window)-4]
}
