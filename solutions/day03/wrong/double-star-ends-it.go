// Wrong: taking "**" for a match of whatever follows forgets that the rest
// of the pattern must match too.
// Exercise: 5
// Caught by: self-check "find matches ** across directories", self-check "find is quick with many ** in a pattern", TestMatchGlob
package tools

import "path"

func matchParts(pattern, name []string, known map[[2]int]bool) bool {
	key := [2]int{len(pattern), len(name)}
	if match, ok := known[key]; ok {
		return match
	}
	var match bool
	switch {
	case len(pattern) == 0:
		match = len(name) == 0
	case pattern[0] == "**":
		match = true
	case len(name) == 0:
		match = false
	default:
		ok, _ := path.Match(pattern[0], name[0])
		match = ok && matchParts(pattern[1:], name[1:], known)
	}
	known[key] = match
	return match
}
