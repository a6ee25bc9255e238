// Wrong: with replace_all set, no occurrence at all is taken for success, and the model believes an edit was made that never was.
// Exercise: 1
// Caught by: TestReplaceOnce/all_of_none, self-check "edit_file refuses a text that is not in the file"
package tools

import "strings"

func replaceOnce(content, old, new string, all bool) (string, error) {
	if all {
		return strings.ReplaceAll(content, old, new), nil
	}
	lines := occurrences(content, old, maxListed+1)
	switch {
	case len(lines) == 0:
		return "", errNotFound
	case len(lines) > 1:
		return "", ambiguous(lines)
	}
	return strings.Replace(content, old, new, 1), nil
}
