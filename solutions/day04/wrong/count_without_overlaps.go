// Wrong: searching on after the end of each occurrence misses those that overlap it, so "}\n}" is "unique" in "}\n}\n}" and the edit may land on the wrong brace.
// Exercise: 1
// Caught by: TestOccurrences/overlapping, TestOccurrences/overlapping_across_lines, TestReplaceOnce/overlapping_is_twice, self-check "edit_file refuses a text that occurs twice, and names the lines"
package tools

import "strings"

func occurrences(content, old string, max int) []int {
	var lines []int
	line, counted := 1, 0
	for from := 0; len(lines) < max; {
		i := strings.Index(content[from:], old)
		if i < 0 {
			break
		}
		at := from + i
		line += strings.Count(content[counted:at], "\n")
		counted = at
		lines = append(lines, line)
		from = at + len(old)
	}
	return lines
}
