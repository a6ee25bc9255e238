// Wrong: handing the tail all of p, the bytes the head took included, keeps them twice when the output is only a little longer than the head.
// Exercise: 2
// Caught by: TestCaptureKeepsHeadAndTail
// Test exercise: 5
package tools

func (c *capture) keep(p []byte) {
	n := min(len(p), cap(c.head)-len(c.head))
	c.head = append(c.head, p[:n]...)
	p = p[max(0, len(p)-cap(c.tail)):]
	n = min(len(p), cap(c.tail)-len(c.tail))
	c.tail = append(c.tail, p[:n]...)
	for p = p[n:]; len(p) > 0; {
		k := copy(c.tail[c.start:], p)
		p = p[k:]
		c.start += k
		if c.start == len(c.tail) {
			c.start = 0
		}
	}
}
