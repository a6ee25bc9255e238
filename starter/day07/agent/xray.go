package agent

import (
	"fmt"
	"strings"

	"ply/day07/llm"
)

// ContextReport is the x-ray of the conversation that /context shows: what
// the model is sent on every request, message by message, and how close it
// is to the budget. ui lays it out; the numbers are the agent's.
type ContextReport struct {
	Rows      []ContextRow
	Tools     int // estimated tokens of the tool definitions, sent with every request
	Estimated int // the rows and the tools together, estimated
	Counted   int // the server's count at its last reply, plus estimates of what came after; 0 when it never said
	Budget    int // the tokens the model's window holds, as ply was told
	CompactAt int // past this size, the next request compacts first
}

// ContextRow is one message of the conversation.
type ContextRow struct {
	Index   int    // its place in the conversation, from 0: the system prompt
	Role    string // system, user, assistant or tool
	Tool    string // the tools an assistant message calls, or the tool a result answers
	Tokens  int    // estimated
	Preview string // the start of its text, on one line
}

// Size is the size ply acts on: the server's count when it has one, but
// never less than the estimate, so that a server that undercounts (or
// counts only the reply) cannot make ply overrun the window.
func (r ContextReport) Size() int { return max(r.Estimated, r.Counted) }

// Context returns the x-ray of the conversation as it stands.
func (a *Agent) Context() ContextReport {
	r := ContextReport{Tools: estimateTools(a.request().Tools), Budget: a.budget, CompactAt: compactAt(a.budget)}
	names := map[string]string{} // tool names by call ID
	for i, m := range a.messages {
		row := ContextRow{Index: i, Role: m.Role, Tokens: estimate(m), Preview: preview(m)}
		var called []string
		for _, call := range m.ToolCalls {
			names[call.ID] = call.Name
			called = append(called, call.Name)
		}
		switch {
		case len(called) > 0:
			row.Tool = "→ " + strings.Join(called, ", ")
		case m.Role == llm.RoleTool:
			row.Tool = "← " + names[m.ToolCallID]
		}
		r.Rows = append(r.Rows, row)
		r.Estimated += row.Tokens
	}
	r.Estimated += r.Tools
	if a.counted.tokens > 0 {
		r.Counted = a.counted.tokens + estimateAll(a.messages[a.counted.through:])
	}
	return r
}

// previewLength is how many characters of a message the x-ray shows.
const previewLength = 40

// preview is the start of m's text on one line, or what m is when it has
// no text.
func preview(m llm.Message) string {
	text := strings.TrimSpace(m.Content)
	switch {
	case text == "" && len(m.ToolCalls) == 1:
		return "(1 tool call, no text)"
	case text == "" && len(m.ToolCalls) > 1:
		return fmt.Sprintf("(%d tool calls, no text)", len(m.ToolCalls))
	}
	text = strings.NewReplacer("\r\n", "⏎", "\n", "⏎", "\t", " ").Replace(text)
	return llm.Shorten(text, previewLength)
}

// counted is what the server said the conversation took, and how much of
// it that covers.
type counted struct {
	tokens  int // the last request's input and its reply's output, as the server counted them
	through int // the messages they cover: the conversation up to and including that reply
}
