package tools

import (
	"fmt"
	"strings"
)

// maxResultChars is the most of one tool result the model gets to read:
// 16,000 characters, about 4,000 tokens: half the 8K context of a small
// local model, and a 128K model can hold thirty such results. A result
// longer than this is most often a sign that the model asked too broadly;
// the head and tail it does get tell it how to narrow the question.
const maxResultChars = 16_000

// truncate keeps the start and the end of text, about budget characters
// in all, with a line between them that says how much was cut. The cuts
// fall at line ends when one is near, so the model reads whole lines.
// text is longer than budget: the registry calls truncate only then.
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
	if !strings.HasSuffix(head, "\n") {
		marker = "\n" + marker
	}
	return head + marker + tail
}
