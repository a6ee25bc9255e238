package lab

import (
	"bytes"
	"cmp"
	"slices"
)

// An edit replaces the bytes src[start:end] of a source with text. The lab
// edits sources as text rather than as syntax trees, so that everything it
// does not touch, comments and blank lines included, stays byte for byte.
type edit struct {
	start, end int
	text       string
}

// apply returns src with the edits made. Edits must not overlap; at one
// offset, an insertion (start == end) goes before a deletion.
func apply(src []byte, edits []edit) []byte {
	edits = slices.Clone(edits)
	slices.SortStableFunc(edits, func(a, b edit) int {
		return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end))
	})
	var out bytes.Buffer
	done := 0 // src[:done] is in out
	for _, e := range edits {
		out.Write(src[done:e.start])
		out.WriteString(e.text)
		done = e.end
	}
	out.Write(src[done:])
	return out.Bytes()
}

// lineStart returns the offset of the start of the line holding offset.
func lineStart(src []byte, offset int) int {
	return bytes.LastIndexByte(src[:offset], '\n') + 1
}

// nextLine returns the offset just past the newline that ends the line
// holding offset, or len(src) on the last line.
func nextLine(src []byte, offset int) int {
	i := bytes.IndexByte(src[offset:], '\n')
	if i < 0 {
		return len(src)
	}
	return offset + i + 1
}
