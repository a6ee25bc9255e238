// Wrong: strings.Replace(content, old, new, 1) with no count edits the first of two places, and the model never learns it may have changed the wrong one.
// Exercise: 1
// Caught by: TestReplaceOnce/twice, TestEditFile/several_places, self-check "edit_file refuses a text that occurs twice, and names the lines"
package tools

import "strings"

func replaceOnce(content, old, new string, all bool) (string, error) {
	if !strings.Contains(content, old) {
		return "", errNotFound
	}
	if all {
		return strings.ReplaceAll(content, old, new), nil
	}
	return strings.Replace(content, old, new, 1), nil
}
