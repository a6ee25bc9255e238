package selftest

import (
	"strings"

	"ply/day06/agent"
	"ply/day06/llm"
)

// collected is everything a stream handed over.
type collected struct {
	text      string
	calls     []llm.ToolCall // the tool-call fragments joined as a turn joins them
	fragments int            // how many tool-call fragments came
	finish    string         // the last finish reason
	err       error
}

// collect reads s to its end and closes it. It joins the tool-call
// fragments with the agent's own merging, so that what the Mock streams is
// checked as a turn would read it, without running one.
func collect(s llm.Stream) collected {
	defer s.Close()
	var c collected
	var text strings.Builder
	var fragments []llm.ToolCallDelta
	for s.Next() {
		d := s.Delta()
		text.WriteString(d.Text)
		fragments = append(fragments, d.ToolCalls...)
		if d.Finish != "" {
			c.finish = d.Finish
		}
	}
	c.text, c.err = text.String(), s.Err()
	c.calls, c.fragments = agent.MergeCalls(fragments), len(fragments)
	return c
}
