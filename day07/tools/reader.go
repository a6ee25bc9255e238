package tools

import (
	"bytes"
	"context"
	"io"
)

// Two readers keep a long read bounded. search reads a file of any size
// through both: ctxReader stops it soon after Ctrl-C, and lineCutter
// keeps the memory it takes to the length of a line it searches.

// ctxReader reads from r until ctx is done, and then fails with ctx's
// error.
type ctxReader struct {
	ctx context.Context
	r   io.Reader
}

func (c ctxReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	return c.r.Read(p)
}

// lineCutter passes r's text on with each line cut after max bytes: the
// rest of a longer line is dropped, and its "\n" is kept. Whoever reads it
// a line at a time holds at most max+1 bytes of a line, however long the
// lines of r are, and still counts every line.
type lineCutter struct {
	r    io.Reader
	max  int // the bytes of a line that pass
	used int // the bytes of the current line read so far
}

func (c *lineCutter) Read(p []byte) (int, error) {
	for {
		n, err := c.r.Read(p)
		if kept := c.cut(p[:n]); kept > 0 || err != nil {
			return kept, err
		}
	}
}

// cut drops from p, in place, the bytes of each line past the first max,
// and returns how many bytes it kept at the start of p.
func (c *lineCutter) cut(p []byte) int {
	kept := 0
	for start := 0; start < len(p); {
		end := len(p) // the end of this piece of a line: after its "\n", or the end of p
		if i := bytes.IndexByte(p[start:], '\n'); i >= 0 {
			end = start + i + 1
		}
		lineEnds := p[end-1] == '\n'
		pass := min(end-start, max(c.max-c.used, 0))
		kept += copy(p[kept:], p[start:start+pass])
		c.used += end - start
		if lineEnds {
			if pass < end-start {
				p[kept] = '\n'
				kept++
			}
			c.used = 0
		}
		start = end
	}
	return kept
}
