// Wrong: cutting the string's bytes gives the same pieces for ASCII, and
// they still join back to the right text; but "é" is two bytes, and a
// piece written to the screen on its own shows half a character.
// Exercise: 3
// Caught by: TestFragments, self-check "mock streams its reply in small fragments"
package llm

func fragments(text string) []StreamDelta {
	var deltas []StreamDelta
	for start := 0; start < len(text); start += fragmentSize {
		end := min(start+fragmentSize, len(text))
		deltas = append(deltas, StreamDelta{Text: text[start:end]})
	}
	return deltas
}
