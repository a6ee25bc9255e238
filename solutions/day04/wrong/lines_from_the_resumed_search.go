// Wrong: counting line ends from where the search resumed, one byte past
// the start of the last match, skips that byte: when old_string begins
// with a line end, every match after the first is told a line too early.
// Exercise: 1
// Caught by: TestOccurrences/a_match_that_begins_with_a_line_end, TestReplaceOnce/twice_from_a_line_end
package tools

import "strings"

func occurrences(content, old string, max int) []int {
	var lines []int
	line := 1
	for from := 0; len(lines) < max; {
		i := strings.Index(content[from:], old)
		if i < 0 {
			break
		}
		at := from + i
		line += strings.Count(content[from:at], "\n")
		lines = append(lines, line)
		from = at + 1
	}
	return lines
}
