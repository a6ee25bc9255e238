// Wrong: keeping the head alone loses the end of the output, where go test says FAIL or ok and a compiler counts its errors.
// Exercise: 2
// Caught by: TestCaptureKeepsHeadAndTail, self-check "run_command keeps the head and the tail of a long output"
// Test exercise: 5
package tools

func (c *capture) keep(p []byte) {
	n := min(len(p), cap(c.head)-len(c.head))
	c.head = append(c.head, p[:n]...)
}
