package tools

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// stream is an output of n bytes that shows where each byte came from: a
// numbered line of 10 bytes after the other, so that a byte kept in the
// wrong place, or twice, or in the wrong order, shows.
func stream(n int) []byte {
	var b bytes.Buffer
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "%09d\n", i)
	}
	return b.Bytes()[:n]
}

// TestCaptureKeepsHeadAndTail writes outputs of many sizes to captures of
// a small budget, in pieces of many sizes: one byte at a time, pieces that
// end inside the head, pieces that straddle the head and the tail, pieces
// bigger than the whole tail. Each time the capture must hold exactly the
// first bytes and the last bytes of the output, count all of them, and
// never hold more than its budget.
//
//lab:exercise 5 Write this test: pass on a right capture, fail on one that outgrows its budget, keeps no tail, loses the tail's order, keeps a big write's first bytes, drops what wraps round, or keeps a byte twice.
func TestCaptureKeepsHeadAndTail(t *testing.T) {
	const headSize, tailSize = 16, 24
	for _, size := range []int{0, 5, headSize, headSize + 1, headSize + tailSize, headSize + tailSize + 1, 1000} {
		for _, piece := range []int{1, 3, 7, tailSize - 1, tailSize, tailSize + 1, 4096} {
			output := stream(size)
			c := newCapture(headSize, tailSize)
			for rest := output; len(rest) > 0; {
				n := min(piece, len(rest))
				if wrote, err := c.Write(rest[:n]); wrote != n || err != nil {
					t.Fatalf("Write of %d bytes = %d, %v; want %d, nil", n, wrote, err, n)
				}
				rest = rest[n:]
			}
			head := output[:min(size, headSize)]
			tail := output[len(head):]
			tail = tail[max(0, len(tail)-tailSize):]
			gotTail := append(bytes.Clone(c.tail[c.start:]), c.tail[:c.start]...)
			where := fmt.Sprintf("%d bytes in pieces of %d (see day04's exercise 2)", size, piece)
			switch {
			case !bytes.Equal(c.head, head):
				t.Errorf("%s: the head is %q, want %q", where, c.head, head)
			case !bytes.Equal(gotTail, tail):
				t.Errorf("%s: the tail, read from c.start, is %q, want %q", where, gotTail, tail)
			case c.total != int64(size):
				t.Errorf("%s: total %d, want %d", where, c.total, size)
			case cap(c.head) != headSize || cap(c.tail) != tailSize || len(c.tail) > tailSize:
				t.Errorf("%s: the capture holds cap(head) %d, cap(tail) %d, len(tail) %d; want at most %d and %d: it has grown past its budget",
					where, cap(c.head), cap(c.tail), len(c.tail), headSize, tailSize)
			}
		}
	}
}

func TestCaptureString(t *testing.T) {
	tests := []struct {
		name       string
		head, tail int
		output     string
		want       string
	}{
		{"nothing", 8, 8, "", ""},
		{"all of it fits", 8, 8, "short\n", "short\n"},
		{"exactly the budget", 4, 4, "abcdefgh", "abcdefgh"},
		{"cut mid-line", 4, 4, "abcdefghijkl", "abcd\n[… 4 of 12 bytes of output cut …]\nijkl"},
		{"cut at line ends", 8, 8, "one\ntwo\nthree\nfour\nfive\n", "one\ntwo\n[… 11 of 24 bytes of output cut …]\nfive\n"},
		{"a line end too far from the cut", 8, 8, "abcdefg\nhijklmnopqrstuvwx\nyz\n", "abcdefg\n[… 13 of 29 bytes of output cut …]\nuvwx\nyz\n"},
		{"never inside a character", 5, 5, "ééééééééé", "éé\n[… 10 of 18 bytes of output cut …]\néé"},
		{"bytes that are not UTF-8", 8, 8, "ok \xff\xfe\n", "ok \uFFFD\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newCapture(tt.head, tt.tail)
			c.Write([]byte(tt.output))
			if got := c.String(); got != tt.want {
				t.Errorf("the capture of %q (head %d, tail %d) reads %q, want %q", tt.output, tt.head, tt.tail, got, tt.want)
			}
		})
	}
}

// TestCaptureFitsTheRegistry checks the budget against the registry's: a
// cut output with its marker and its last line is never cut again.
func TestCaptureFitsTheRegistry(t *testing.T) {
	c := newCapture(headBytes, tailBytes)
	c.Write(bytes.Repeat([]byte("é\n"), 100_000))
	end := ending{timedOut: maxTimeout, elapsed: maxTimeout, total: c.total, cut: true, leftBehind: true}
	if n := len([]rune(c.String() + end.String())); n > maxResultChars {
		t.Errorf("a cut output is %d characters, more than the registry's %d: it would be cut twice", n, maxResultChars)
	}
	if !strings.Contains(c.String(), "bytes of output cut") {
		t.Error("a long output has no marker")
	}
}
