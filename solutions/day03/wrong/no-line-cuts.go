// Wrong: cutting at exactly budget/2 characters leaves a half line at each
// cut, and the model reads "li" and guesses the rest.
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
	cut := len(runes) - len([]rune(head)) - len([]rune(tail))
	marker := fmt.Sprintf("[… %d of %d characters cut; ask for a smaller part to see them …]\n", cut, len(runes))
	if !strings.HasSuffix(head, "\n") {
		marker = "\n" + marker
	}
	return head + marker + tail
}
