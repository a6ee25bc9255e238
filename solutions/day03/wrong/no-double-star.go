// Wrong: with no case for "**", path.Match reads it as "*" twice, which
// matches exactly one part: "**/*.go" misses calc.go at the top.
// Exercise: 5
// Caught by: self-check "find matches ** across directories", TestMatchGlob
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
	case len(name) == 0:
		match = false
	default:
		ok, _ := path.Match(pattern[0], name[0])
		match = ok && matchParts(pattern[1:], name[1:], known)
	}
	known[key] = match
	return match
}
