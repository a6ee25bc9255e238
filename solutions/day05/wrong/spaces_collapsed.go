// Wrong: the reason is split into words and joined again, so the spaces the human typed are tidied away, and what the model reads is not what was typed.
// Exercise: 3
// Caught by: TestParseAnswer
package ui

import (
	"strings"

	"ply/day05/approval"
)

func parseAnswer(line string) (approval.Answer, bool) {
	words := strings.Fields(line)
	if len(words) == 0 {
		return approval.Answer{}, false
	}
	word, rest := strings.ToLower(words[0]), strings.Join(words[1:], " ")
	switch {
	case (word == "y" || word == "yes") && rest == "":
		return approval.Answer{Reply: approval.Yes}, true
	case (word == "a" || word == "always") && rest == "":
		return approval.Answer{Reply: approval.Always}, true
	case word == "n" || word == "no":
		return approval.Answer{Reply: approval.No, Reason: rest}, true
	}
	return approval.Answer{}, false
}
