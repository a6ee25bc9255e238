// Wrong: moving a cut to any line end at all throws away almost the whole
// head when its only line end is near the start: a result of a few huge
// lines keeps almost nothing.
// Exercise: 3
// Caught by: TestTruncateMovesACutOnlyWhenNear
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
	if i := strings.LastIndexByte(head, '\n'); i >= 0 {
		head = head[:i+1]
	}
	if i := strings.IndexByte(tail, '\n'); i >= 0 {
		tail = tail[i+1:]
	}
	cut := len(runes) - len([]rune(head)) - len([]rune(tail))
	marker := fmt.Sprintf("[… %d of %d characters cut; ask for a smaller part to see them …]\n", cut, len(runes))
	if !strings.HasSuffix(head, "\n") {
		marker = "\n" + marker
	}
	return head + marker + tail
}
