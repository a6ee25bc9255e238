// Wrong: counting the line ends up to the end of a match gives the line where a match of several lines ends, not where it starts.
// Exercise: 1
// Caught by: TestOccurrences/overlapping_across_lines, TestOccurrences/a_match_that_spans_lines_starts_where_it_starts, self-check "edit_file refuses a text that occurs twice, and names the lines"
package tools

import "strings"

func occurrences(content, old string, max int) []int {
	var lines []int
	for from := 0; len(lines) < max; {
		i := strings.Index(content[from:], old)
		if i < 0 {
			break
		}
		at := from + i
		lines = append(lines, 1+strings.Count(content[:at+len(old)-1], "\n"))
		from = at + 1
	}
	return lines
}
