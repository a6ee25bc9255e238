// Wrong: one delta with the whole text works, and hides the very code
// paths the Mock is there to run: many small Text events, a reply that
// grows on the screen. Empty text gets an empty fragment, too.
// Exercise: 3
// Caught by: TestFragments, self-check "mock streams its reply in small fragments"
package llm

func fragments(text string) []StreamDelta {
	return []StreamDelta{{Text: text}}
}
