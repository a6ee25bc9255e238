// Wrong: line i of the old text is compared with line i of the new one, so one line added at the top shows every line after it as changed.
// Exercise: 4
// Caught by: TestDiffLinesIsAnEditScript, self-check "the question about an edit shows a diff with context"
package ui

func lcsEdits(a, b []string) []edit {
	var edits []edit
	for i := 0; i < max(len(a), len(b)); i++ {
		switch {
		case i < len(a) && i < len(b) && a[i] == b[i]:
			edits = append(edits, edit{' ', a[i]})
		default:
			if i < len(a) {
				edits = append(edits, edit{'-', a[i]})
			}
			if i < len(b) {
				edits = append(edits, edit{'+', b[i]})
			}
		}
	}
	return edits
}
