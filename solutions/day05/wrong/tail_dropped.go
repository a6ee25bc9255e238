// Wrong: the lines left when one text runs out are forgotten, so lines added at the end, or a whole new file, never show.
// Exercise: 4
// Caught by: TestDiffLines/from_nothing, TestDiffLines/to_nothing, TestUnifiedDiff/a_new_file, self-check "the question about an edit shows a diff with context"
package ui

func lcsEdits(a, b []string) []edit {
	width := len(b) + 1
	lcs := make([]int, (len(a)+1)*width) // lcs[i*width+j]: for a[i:] and b[j:]
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				lcs[i*width+j] = lcs[(i+1)*width+j+1] + 1
			} else {
				lcs[i*width+j] = max(lcs[(i+1)*width+j], lcs[i*width+j+1])
			}
		}
	}
	var edits []edit
	i, j := 0, 0
	for i < len(a) && j < len(b) {
		switch {
		case a[i] == b[j]:
			edits = append(edits, edit{' ', a[i]})
			i, j = i+1, j+1
		case lcs[(i+1)*width+j] >= lcs[i*width+j+1]:
			edits = append(edits, edit{'-', a[i]})
			i++
		default:
			edits = append(edits, edit{'+', b[j]})
			j++
		}
	}
	return edits
}
