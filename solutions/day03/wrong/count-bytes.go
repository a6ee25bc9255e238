// Wrong: counting the cut in bytes makes the marker's numbers wrong for any
// text that is not ASCII, and "16,000 characters" stops meaning characters.
// Exercise: 3
// Caught by: self-check "a long result keeps its head and tail, and says what was cut", TestTruncate
package tools

import (
	"fmt"
	"strings"
)

func truncate(text string, budget int) string {
	runes := []rune(text)
	half := budget / 2
	head := string(runes[:half])
	tail := string(runes[len(runes)-half:])
	if i := strings.LastIndexByte(head, '\n'); i >= len(head)/2 {
		head = head[:i+1]
	}
	if i := strings.IndexByte(tail, '\n'); i >= 0 && i < len(tail)/2 {
		tail = tail[i+1:]
	}
	cut := len(text) - len(head) - len(tail)
	marker := fmt.Sprintf("[… %d of %d characters cut; ask for a smaller part to see them …]\n", cut, len(text))
	if !strings.HasSuffix(head, "\n") {
		marker = "\n" + marker
	}
	return head + marker + tail
}
