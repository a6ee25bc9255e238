package session

import (
	"fmt"
	"strings"

	"ply/day07/llm"
)

// Tail returns the last n events of the log r reads, oldest first, or
// every event when n is 0, and what stopped r: nil at the clean end of the
// log. It reads the whole log and holds n events at a time, for /log N;
// all of them only for a log known to be small, as a test's is.
func Tail(r *Reader, n int) ([]Event, error) {
	var last []Event
	for r.Next() {
		last = append(last, r.Event())
		if n > 0 && len(last) > n {
			last = last[1:]
		}
	}
	return last, r.Err()
}

// Describe returns ev on one line, for /log and ply log: its seq, its
// type and what matters of its fields.
func Describe(ev Event) string {
	return fmt.Sprintf("%4d %-8s %s", ev.Seq, ev.Data.Type(), describeData(ev.Data))
}

// describeData says what matters of an event's fields.
func describeData(d Data) string {
	switch d := d.(type) {
	case Meta:
		return fmt.Sprintf("v%d %s in %s, by %s", d.V, d.Model, d.Cwd, d.Agent)
	case System:
		return preview(d.Content, 60)
	case Message:
		return describeMessage(d.Message)
	case ToolEnd:
		s := fmt.Sprintf("%s %s %s in %d ms, %d characters", d.ID, d.Name, d.Outcome, d.ElapsedMS, d.Chars)
		if d.Truncated {
			s += ", cut for the model"
		}
		return s
	case Usage:
		return fmt.Sprintf("%d in, %d out, %d tokens so far", d.InputTokens, d.OutputTokens, d.TotalTokens)
	case Failure:
		return preview(d.Message, 70)
	case Compact:
		return fmt.Sprintf("through %d, %d → %d tokens: %s", d.ThroughSeq, d.TokensBefore, d.TokensAfter, preview(d.Summary, 40))
	case Grants:
		if len(d.Grants) == 0 {
			return "none"
		}
		return strings.Join(d.Grants, ", ")
	case Fork:
		return fmt.Sprintf("from %s after %d", d.From, d.AtSeq)
	}
	return "(a type this ply does not know)"
}

// describeMessage says who spoke and the start of what they said.
func describeMessage(m llm.Message) string {
	switch {
	case len(m.ToolCalls) > 0:
		var names []string
		for _, c := range m.ToolCalls {
			names = append(names, c.Name)
		}
		s := m.Role + " calls " + strings.Join(names, ", ")
		if m.Content != "" {
			s += ": " + preview(m.Content, 40)
		}
		return s
	case m.Role == llm.RoleTool:
		return "tool " + m.ToolCallID + ": " + preview(m.Content, 60)
	}
	return m.Role + ": " + preview(m.Content, 60)
}

// preview returns the start of text on one line, at most n characters
// (see flatten and llm.Shorten).
func preview(text string, n int) string {
	return llm.Shorten(flatten(text), n)
}

// flatten puts text on one line: every run of white space, line ends
// included, becomes one space.
func flatten(text string) string {
	return strings.Join(strings.Fields(text), " ")
}
