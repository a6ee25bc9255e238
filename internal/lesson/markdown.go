package lesson

import "strings"

// fence returns the fence that opens a fenced code block on line, such as
// "```" or "~~~~", or "" when line opens none. A fence is three or more
// backticks or tildes, indented by at most three spaces.
func fence(line string) string {
	text := strings.TrimLeft(line, " ")
	if len(line)-len(text) > 3 {
		return ""
	}
	for _, mark := range []string{"`", "~"} {
		n := len(text) - len(strings.TrimLeft(text, mark))
		if n >= 3 {
			return text[:n]
		}
	}
	return ""
}

// blockEnd returns the index of the line that closes the code block opened
// by fence at lines[open], or len(lines) when nothing closes it. A block
// closes at a line of the same mark, at least as long as the fence.
func blockEnd(lines []string, open int, fence string) int {
	for i := open + 1; i < len(lines); i++ {
		text := strings.TrimSpace(lines[i])
		if strings.HasPrefix(text, fence) && strings.Trim(text, fence[:1]) == "" {
			return i
		}
	}
	return len(lines)
}
