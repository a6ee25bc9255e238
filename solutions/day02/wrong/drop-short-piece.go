// Wrong: stepping while a whole piece is left stops before the short last
// piece, and every reply whose length is not a multiple of fragmentSize
// loses its last characters.
// Exercise: 3
// Caught by: TestFragments, TestMockReply/recall
package llm

func fragments(text string) []StreamDelta {
	var deltas []StreamDelta
	runes := []rune(text)
	for start := 0; start+fragmentSize <= len(runes); start += fragmentSize {
		deltas = append(deltas, StreamDelta{Text: string(runes[start : start+fragmentSize])})
	}
	return deltas
}
