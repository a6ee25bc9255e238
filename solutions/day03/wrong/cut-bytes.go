// Wrong: cutting bytes, not characters, splits a character at each cut and,
// for text that is not ASCII, keeps far fewer characters than the budget.
// Exercise: 3
// Caught by: self-check "a long result keeps its head and tail, and says what was cut", TestTruncateCountsCharacters
package tools

import (
	"fmt"
	"strings"
)

func truncate(text string, budget int) string {
	runes := []rune(text)
	half := budget / 2
	head := text[:half]
	tail := text[len(text)-half:]
	if i := strings.LastIndexByte(head, '\n'); i >= len(head)/2 {
		head = head[:i+1]
	}
	if i := strings.IndexByte(tail, '\n'); i >= 0 && i < len(tail)/2 {
		tail = tail[i+1:]
	}
	cut := len(runes) - len([]rune(head)) - len([]rune(tail))
	marker := fmt.Sprintf("[… %d of %d characters cut; ask for a smaller part to see them …]\n", cut, len(runes))
	if !strings.HasSuffix(head, "\n") {
		marker = "\n" + marker
	}
	return head + marker + tail
}
