// Wrong: "n" and a reason is a no without the reason, so the model never learns why it was refused.
// Exercise: 3
// Caught by: TestParseAnswer, TestTerminalAskerAnswers/no_and_why, self-check "y, a, n and n with a reason are understood; Enter alone is not a yes"
package ui

import (
	"strings"
	"unicode"

	"ply/day05/approval"
)

func parseAnswer(line string) (approval.Answer, bool) {
	line = strings.TrimSpace(line)
	word, rest := line, ""
	if i := strings.IndexFunc(line, unicode.IsSpace); i != -1 {
		word, rest = line[:i], strings.TrimSpace(line[i:])
	}
	switch word = strings.ToLower(word); {
	case (word == "y" || word == "yes") && rest == "":
		return approval.Answer{Reply: approval.Yes}, true
	case (word == "a" || word == "always") && rest == "":
		return approval.Answer{Reply: approval.Always}, true
	case word == "n" || word == "no":
		return approval.Answer{Reply: approval.No}, true
	}
	return approval.Answer{}, false
}
