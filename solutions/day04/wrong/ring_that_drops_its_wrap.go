// Wrong: one copy into the ring, from c.start to its end, and the rest of
// the write, the bytes that would wrap round to the front, is dropped.
// Exercise: 2
// Caught by: TestCaptureKeepsHeadAndTail
// Test exercise: 5
package tools

func (c *capture) keep(p []byte) {
	n := min(len(p), cap(c.head)-len(c.head))
	c.head = append(c.head, p[:n]...)
	p = p[n:]
	p = p[max(0, len(p)-cap(c.tail)):]
	n = min(len(p), cap(c.tail)-len(c.tail))
	c.tail = append(c.tail, p[:n]...)
	if p = p[n:]; len(p) > 0 {
		k := copy(c.tail[c.start:], p)
		c.start = (c.start + k) % len(c.tail)
	}
}
