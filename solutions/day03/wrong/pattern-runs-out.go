// Wrong: a match as soon as the pattern runs out forgets that the name must
// run out too: "calc.go" would match calc.go/x.
// Exercise: 5
// Caught by: TestMatchGlob
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
		match = true
	case pattern[0] == "**":
		match = matchParts(pattern[1:], name, known) || (len(name) > 0 && matchParts(pattern, name[1:], known))
	case len(name) == 0:
		match = false
	default:
		ok, _ := path.Match(pattern[0], name[0])
		match = ok && matchParts(pattern[1:], name[1:], known)
	}
	known[key] = match
	return match
}
