package llm

// Shorten cuts s to at most n characters, marking the cut with "…". Much
// of what ply shows is text a model or a server wrote, of any length: the
// Mock quoting a message, a server's error, a tool call on its summary
// line. Everything that shows a part of such a text cuts it here, the one
// way: by characters, not bytes, so that no character is split.
func Shorten(s string, n int) string {
	runes := []rune(s)
	if len(runes) <= n {
		return s
	}
	return string(runes[:n-1]) + "…"
}
