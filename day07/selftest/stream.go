package selftest

import (
	"strings"

	"ply/day07/llm"
)

// collected is everything a stream handed over.
type collected struct {
	text      string
	calls     []llm.ToolCall // the tool-call fragments joined by index
	fragments int            // how many tool-call fragments came
	finish    string         // the last finish reason
	err       error
}

// collect reads s to its end and closes it. It joins tool-call fragments
// simply, by index, so that the Mock can be checked without the agent.
func collect(s llm.Stream) collected {
	defer s.Close()
	var c collected
	var text strings.Builder
	for s.Next() {
		d := s.Delta()
		text.WriteString(d.Text)
		for _, f := range d.ToolCalls {
			c.fragments++
			for len(c.calls) <= f.Index {
				c.calls = append(c.calls, llm.ToolCall{})
			}
			call := &c.calls[f.Index]
			call.ID += f.ID
			call.Name += f.Name
			call.Arguments += f.Arguments
		}
		if d.Finish != "" {
			c.finish = d.Finish
		}
	}
	c.text, c.err = text.String(), s.Err()
	return c
}
