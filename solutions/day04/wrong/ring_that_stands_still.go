// Wrong: writing over the oldest bytes without moving c.start on keeps overwriting the same place, and the tail comes out of order.
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
	for p = p[n:]; len(p) > 0; {
		k := copy(c.tail[c.start:], p)
		p = p[k:]
	}
}
