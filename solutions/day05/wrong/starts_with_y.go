// Wrong: any line that starts with y is a yes, so "yes but not that file" approves the call.
// Exercise: 3
// Caught by: TestParseAnswer, self-check "y, a, n and n with a reason are understood; Enter alone is not a yes"
package ui

import (
	"strings"

	"ply/day05/approval"
)

func parseAnswer(line string) (approval.Answer, bool) {
	line = strings.ToLower(strings.TrimSpace(line))
	switch {
	case strings.HasPrefix(line, "y"):
		return approval.Answer{Reply: approval.Yes}, true
	case line == "a" || line == "always":
		return approval.Answer{Reply: approval.Always}, true
	case line == "n" || line == "no":
		return approval.Answer{Reply: approval.No}, true
	case strings.HasPrefix(line, "n "):
		return approval.Answer{Reply: approval.No, Reason: strings.TrimSpace(line[2:])}, true
	}
	return approval.Answer{}, false
}
