// Wrong: with replace_all, strings.Replace as many times as occurrences
// listed, and occurrences stops at maxListed+1: the twelfth and every one
// after it stay as they were, under "replaced".
// Exercise: 1
// Caught by: TestReplaceOnce/all_of_more_than_maxListed
package tools

import "strings"

func replaceOnce(content, old, new string, all bool) (string, error) {
	lines := occurrences(content, old, maxListed+1)
	switch {
	case len(lines) == 0:
		return "", errNotFound
	case all:
		return strings.Replace(content, old, new, len(lines)), nil
	case len(lines) > 1:
		return "", ambiguous(lines)
	}
	return strings.Replace(content, old, new, 1), nil
}
