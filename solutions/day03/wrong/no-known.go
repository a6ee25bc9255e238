// Wrong: without known, every answer is right, but each "**" tries again
// every tail the ones before it tried, and twenty of them never end.
// Exercise: 5
// Caught by: self-check "find is quick with many ** in a pattern", TestMatchPartsRemembers
package tools

import "path"

func matchParts(pattern, name []string, known map[[2]int]bool) bool {
	switch {
	case len(pattern) == 0:
		return len(name) == 0
	case pattern[0] == "**":
		return matchParts(pattern[1:], name, known) || (len(name) > 0 && matchParts(pattern, name[1:], known))
	case len(name) == 0:
		return false
	}
	ok, _ := path.Match(pattern[0], name[0])
	return ok && matchParts(pattern[1:], name[1:], known)
}
