// Wrong: counting line ends before a match gives lines from 0, and every number the model is told is one short.
// Exercise: 1
// Caught by: TestOccurrences/once, TestReplaceOnce/twice, self-check "edit_file refuses a text that occurs twice, and names the lines"
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
		lines = append(lines, strings.Count(content[:at], "\n"))
		from = at + 1
	}
	return lines
}
