package ui

import (
	"strings"
	"unicode"

	"ply/day05/approval"
)

// parseAnswer reads one line typed in answer to the gate's question.
// There is no default: an empty line is no answer, and neither is a yes
// with more words after it, since "yes but not the tests" is not a yes.
//
//lab:exercise 3 y or yes is Yes, a or always is Always, n or no is No, and n or no then words is No with the words as Reason; case and outer spaces aside. Anything else, an empty line too: ok is false.
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
		return approval.Answer{Reply: approval.No, Reason: rest}, true
	}
	return approval.Answer{}, false
}
