package session

import (
	"bufio"
	"fmt"
	"html"
	"io"
	"strings"

	"ply/day07/llm"
)

// Export writes the conversation of session id, whose log r reads, to w
// as Markdown, for a bug report or notes: the messages in order, each tool
// call folded together with its result in a <details> block, and
// compactions, errors and forks as notes. Every piece of text goes through
// red first (a nil red leaves it as it is). It writes the log's texts as
// they are, control characters and all: a caller that prints them on a
// terminal makes them printable first (ui.WriteExport does). It streams,
// and stops where r stops; the error is r's, or w's.
func Export(w io.Writer, id string, r *Reader, red *Redactor) error {
	x := &exporter{w: bufio.NewWriter(w), id: id, red: red, ends: map[string]ToolEnd{}}
	for r.Next() {
		x.event(r.Event())
	}
	x.flushCalls()
	if x.usage.TotalTokens > 0 {
		x.printf("\n---\n\n*%d tokens in all.*\n", x.usage.TotalTokens)
	}
	if err := x.w.Flush(); err != nil {
		return err
	}
	return r.Err()
}

// exporter holds what Export needs between events: the calls of the last
// assistant message, which are written once their results come.
type exporter struct {
	w     *bufio.Writer      // its first error stays, and Flush returns it
	id    string             // the session's own: a fork's meta line names its parent
	red   *Redactor          // takes the secrets out of every text written
	calls []llm.ToolCall     // of the last assistant message, not yet written
	ends  map[string]ToolEnd // the tool_end events of those calls, by ID
	usage Usage              // the last running total
}

// event writes one event, or keeps it for later.
func (x *exporter) event(ev Event) {
	switch d := ev.Data.(type) {
	case Meta:
		x.printf("# Session %s\n\n*%s · begun %s in `%s` · %s*\n", x.id, x.clean(d.Model),
			ev.Time.Format("2006-01-02 15:04 UTC"), x.clean(d.Cwd), x.clean(d.Agent))
	case Message:
		x.message(d.Message)
	case ToolEnd:
		x.ends[d.ID] = d
	case Usage:
		x.usage = d
	case Failure:
		x.printf("\n> **Error:** %s\n", x.clean(flatten(d.Message)))
	case Compact:
		x.printf("\n> *The conversation was compacted here, %d → %d tokens. The summary the model kept:*\n>\n> %s\n",
			d.TokensBefore, d.TokensAfter, x.clean(flatten(d.Summary)))
	case Fork:
		x.printf("\n> *Forked from %s after event %d.*\n", d.From, d.AtSeq)
	}
}

// message writes a message, or for a tool message, the call it answers.
func (x *exporter) message(m llm.Message) {
	if m.Role == llm.RoleTool {
		x.result(m)
		return
	}
	x.flushCalls()
	if m.Content != "" {
		x.printf("\n## %s\n\n%s\n", title(m.Role), x.clean(m.Content))
	}
	x.calls = m.ToolCalls
}

// result writes the call that m answers, folded with m's content.
func (x *exporter) result(m llm.Message) {
	for i, c := range x.calls {
		if c.ID == m.ToolCallID {
			x.call(c, m.Content, true)
			x.calls = append(x.calls[:i:i], x.calls[i+1:]...)
			return
		}
	}
	x.call(llm.ToolCall{ID: m.ToolCallID, Name: "a tool"}, m.Content, true)
}

// flushCalls writes the calls that never got their results.
func (x *exporter) flushCalls() {
	for _, c := range x.calls {
		x.call(c, "", false)
	}
	x.calls = nil
}

// call writes one tool call as a folded block: the tool, its outcome and
// time on the summary line, the arguments and the result inside.
func (x *exporter) call(c llm.ToolCall, result string, answered bool) {
	how := "no result: the turn was cut off"
	if end, ok := x.ends[c.ID]; ok {
		how = fmt.Sprintf("%s, %d ms", end.Outcome, end.ElapsedMS)
	} else if answered {
		how = "answered"
	}
	delete(x.ends, c.ID)
	x.printf("\n<details>\n<summary>%s — %s</summary>\n\n", html.EscapeString(x.clean(c.Name)), how)
	x.printf("Arguments:\n\n%s\n", fence(x.clean(c.Arguments), "json"))
	if answered {
		x.printf("\nResult:\n\n%s\n", fence(x.clean(result), ""))
	}
	x.printf("\n</details>\n")
}

// clean takes the secrets out of text.
func (x *exporter) clean(text string) string { return x.red.Redact(text) }

// printf writes to the Markdown; the writer keeps the first error.
func (x *exporter) printf(format string, args ...any) { fmt.Fprintf(x.w, format, args...) }

// fence puts text in a fenced code block whose fence is longer than any
// run of backticks in text, so that nothing in it can end the block.
func fence(text, lang string) string {
	longest, run := 0, 0
	for _, c := range text {
		if c == '`' {
			run++
			longest = max(longest, run)
		} else {
			run = 0
		}
	}
	f := strings.Repeat("`", max(3, longest+1))
	return f + lang + "\n" + strings.TrimSuffix(text, "\n") + "\n" + f
}

// title is a role as a heading.
func title(role string) string {
	if role == "" {
		return role
	}
	return strings.ToUpper(role[:1]) + role[1:]
}
