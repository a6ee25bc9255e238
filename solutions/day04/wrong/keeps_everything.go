// Wrong: appending every byte to the head keeps the whole output, so a command that prints gigabytes costs gigabytes, and the registry has to cut the result instead.
// Exercise: 2
// Caught by: TestCaptureKeepsHeadAndTail, self-check "run_command's capture stays within its budget while a command prints 20 MB"
// Test exercise: 5
package tools

func (c *capture) keep(p []byte) {
	c.head = append(c.head, p...)
}
