package ui

import (
	"fmt"
	"strings"

	"ply/day06/agent"
	"ply/day06/llm"
)

// maxToolColumn is the widest the x-ray's tool column gets; longer lists of
// calls are cut.
const maxToolColumn = 24

// contextLines lays out the x-ray of the conversation that /context shows,
// as plain text: a heading, one line per message, and a last line with the
// totals. /context styles the heading and the totals; the lines a test or
// a script matches are these, colour or not.
//
//	#  role       tool         tokens  preview
//	0  system                     ~60  You are ply, a coding assistant in a te…
//	1  user                        ~9  what does calc.go do?
//	2  assistant  → read_file     ~12  (1 tool call, no text)
//	3  tool       ← read_file    ~140  // Package calc is a small integer ca…
func contextLines(r agent.ContextReport) (heading string, rows []string, totals string) {
	width := len("tool")
	for _, row := range r.Rows {
		width = max(width, len([]rune(llm.Shorten(row.Tool, maxToolColumn))))
	}
	format := fmt.Sprintf("%%3s  %%-9s  %%-%ds  %%6s  %%s", width)
	heading = strings.TrimRight(fmt.Sprintf(format, "#", "role", "tool", "tokens", "preview"), " ")
	for _, row := range r.Rows {
		line := fmt.Sprintf(format, fmt.Sprint(row.Index), row.Role, llm.Shorten(row.Tool, maxToolColumn), fmt.Sprintf("~%d", row.Tokens), row.Preview)
		rows = append(rows, strings.TrimRight(line, " "))
	}
	return heading, rows, contextTotals(r)
}

// contextTotals is the x-ray's last line: the size of the conversation,
// how it was reached, and the limits it is held to.
func contextTotals(r agent.ContextReport) string {
	parts := []string{
		llm.Count(len(r.Rows), "message"),
		fmt.Sprintf("tools ~%d", r.Tools),
		fmt.Sprintf("~%d tokens estimated", r.Estimated),
	}
	if r.Counted > 0 {
		parts = append(parts, fmt.Sprintf("~%d by the server's count", r.Counted))
	}
	parts = append(parts, fmt.Sprintf("budget %d", r.Budget), fmt.Sprintf("compacts past %d", r.CompactAt))
	return strings.Join(parts, " · ")
}
