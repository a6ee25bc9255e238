package tools

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// The capture's budget for one command's output, in bytes. Together, and
// with the lines the capture and run_command add, they stay under the
// registry's maxResultChars (a character is at least a byte), so that the
// output is cut once, here, by the code that knows how many bytes there
// were, and not a second time by the registry. The tail is the more
// precious half, since it holds the verdict (go test's "FAIL", a
// compiler's count of errors); the head holds the first error, which is
// usually the cause of the rest.
const (
	headBytes = 6_000
	tailBytes = 8_000
)

// capture keeps a command's output within a fixed budget while it
// streams: its first bytes, its last bytes, and a count of all of them.
// However much a command prints, a capture holds at most cap(head) +
// cap(tail) bytes, and it keeps none of them twice.
//
// The command's standard output and standard error both write to the same
// capture, so they are merged in the order they came; os/exec calls Write
// from one goroutine at a time when both are the same writer.
type capture struct {
	head  []byte // the first bytes written, up to cap(head)
	tail  []byte // the last bytes after the head; a ring once len(tail) == cap(tail)
	start int    // where the oldest byte of a full ring is
	total int64  // every byte written, kept or not
}

// newCapture returns a capture that keeps the first headSize and the last
// tailSize bytes written to it.
func newCapture(headSize, tailSize int) *capture {
	return &capture{head: make([]byte, 0, headSize), tail: make([]byte, 0, tailSize)}
}

// Write keeps what it can of p. It never fails: a command's output is
// never refused, only left out.
func (c *capture) Write(p []byte) (int, error) {
	c.total += int64(len(p))
	c.keep(p)
	return len(p), nil
}

// keep adds p to what the capture holds.
//
//lab:exercise 2 Fill c.head up to cap(c.head) with p, then keep the latest cap(c.tail) bytes after it in c.tail, a ring with its oldest byte at c.start once full. Neither slice may grow past its capacity.
func (c *capture) keep(p []byte) {
	n := min(len(p), cap(c.head)-len(c.head))
	c.head = append(c.head, p[:n]...)
	p = p[n:]
	p = p[max(0, len(p)-cap(c.tail)):] // only the newest bytes can stay in the tail
	n = min(len(p), cap(c.tail)-len(c.tail))
	c.tail = append(c.tail, p[:n]...) // while the ring has room
	for p = p[n:]; len(p) > 0; {
		k := copy(c.tail[c.start:], p) // over the oldest bytes
		p = p[k:]
		c.start += k
		if c.start == len(c.tail) {
			c.start = 0
		}
	}
}

// cut returns how many bytes of the output were left out.
func (c *capture) cut() int64 {
	return c.total - int64(len(c.head)) - int64(len(c.tail))
}

// String returns the output as the model reads it: all of it when nothing
// was cut; else its head, a line that says how many bytes were cut, and
// its tail. The cuts move to a line end when one is near, so that the
// model reads whole lines, and never fall inside a character. Bytes that
// are not UTF-8 (a binary file, say) become a "\uFFFD" for each run of them.
func (c *capture) String() string {
	tail := string(c.tail[c.start:]) + string(c.tail[:c.start])
	if c.cut() == 0 {
		return strings.ToValidUTF8(string(c.head)+tail, "\uFFFD")
	}
	head := string(c.head)
	if i := strings.LastIndexByte(head, '\n'); i >= len(head)/2 {
		head = head[:i+1]
	} else {
		head = dropPartialRune(head)
	}
	if i := strings.IndexByte(tail, '\n'); i >= 0 && i < len(tail)/2 {
		tail = tail[i+1:]
	} else {
		tail = skipPartialRune(tail)
	}
	cut := c.total - int64(len(head)) - int64(len(tail))
	marker := fmt.Sprintf("[… %d of %d bytes of output cut …]\n", cut, c.total)
	if !strings.HasSuffix(head, "\n") {
		marker = "\n" + marker
	}
	return strings.ToValidUTF8(head+marker+tail, "\uFFFD")
}

// dropPartialRune removes from the end of s a character cut short.
func dropPartialRune(s string) string {
	for i := len(s) - 1; i >= 0 && i >= len(s)-utf8.UTFMax; i-- {
		if utf8.RuneStart(s[i]) {
			if !utf8.FullRuneInString(s[i:]) {
				return s[:i]
			}
			break
		}
	}
	return s
}

// skipPartialRune removes from the start of s the rest of a character
// whose beginning was cut off.
func skipPartialRune(s string) string {
	for i := 0; i < len(s) && i < utf8.UTFMax; i++ {
		if utf8.RuneStart(s[i]) {
			return s[i:]
		}
	}
	return s
}
