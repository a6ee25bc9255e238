// Wrong: the marker straight after the head is glued to the head's last
// half line when the head does not end in a line end.
// Exercise: 3
// Caught by: TestTruncateOneLongLine
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
	cut := len(runes) - len([]rune(head)) - len([]rune(tail))
	marker := fmt.Sprintf("[… %d of %d characters cut; ask for a smaller part to see them …]\n", cut, len(runes))
	return head + marker + tail
}
