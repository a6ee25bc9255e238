package lab

import (
	"fmt"
	"io"
	"strings"
)

// An op is one line of a line diff: kept, deleted from a or inserted from b.
type op struct {
	kind byte // ' ', '-' or '+'
	line string
}

// diffLines returns the shortest edit script that turns a into b, by
// Myers' algorithm: O((N+M)·D) time for D changed lines, which suits files
// that differ in a few places, as consecutive days do.
func diffLines(a, b []string) []op {
	n, m := len(a), len(b)
	off := n + m              // diagonals run from -off to off
	v := make([]int, 2*off+2) // v[k+off] is the furthest x on diagonal k
	var trace [][]int
	for d := 0; d <= off; d++ {
		// Keep the diagonals step d can have come from, -d to d: the
		// trace grows with D², not with the files' length.
		trace = append(trace, append([]int(nil), v[off-d:off+d+1]...))
		for k := -d; k <= d; k += 2 {
			var x int
			if k == -d || (k != d && v[k-1+off] < v[k+1+off]) {
				x = v[k+1+off] // a step down: an insertion
			} else {
				x = v[k-1+off] + 1 // a step right: a deletion
			}
			y := x - k
			for x < n && y < m && a[x] == b[y] {
				x, y = x+1, y+1
			}
			v[k+off] = x
			if x >= n && y >= m {
				return backtrack(a, b, trace, d)
			}
		}
	}
	return nil // not reached: d = n+m always ends
}

// backtrack walks the trace of diffLines back from its end and returns
// the edit script in order.
func backtrack(a, b []string, trace [][]int, d int) []op {
	var ops []op
	x, y := len(a), len(b)
	for ; d > 0; d-- {
		v := trace[d] // v[k+d] is where diagonal k was before step d
		k := x - y
		var prevK int
		if k == -d || (k != d && v[k-1+d] < v[k+1+d]) {
			prevK = k + 1
		} else {
			prevK = k - 1
		}
		prevX := v[prevK+d]
		prevY := prevX - prevK
		for x > prevX && y > prevY {
			x, y = x-1, y-1
			ops = append(ops, op{' ', a[x]})
		}
		if x == prevX {
			y--
			ops = append(ops, op{'+', b[y]})
		} else {
			x--
			ops = append(ops, op{'-', a[x]})
		}
	}
	for x > 0 && y > 0 {
		x, y = x-1, y-1
		ops = append(ops, op{' ', a[x]})
	}
	for i, j := 0, len(ops)-1; i < j; i, j = i+1, j-1 {
		ops[i], ops[j] = ops[j], ops[i]
	}
	return ops
}

// contextLines is how many unchanged lines a hunk shows around a change,
// as diff -u does.
const contextLines = 3

// writeHunks writes the edit script as the hunks of a unified diff.
func writeHunks(w io.Writer, ops []op) error {
	var changes []int // the indexes of the ops that change something
	for i, o := range ops {
		if o.kind != ' ' {
			changes = append(changes, i)
		}
	}
	for i := 0; i < len(changes); {
		start := max(0, changes[i]-contextLines)
		end := changes[i]
		for i < len(changes) && changes[i] <= end+2*contextLines+1 { // contexts that meet make one hunk
			end = changes[i]
			i++
		}
		end = min(len(ops), end+contextLines+1)
		if err := writeHunk(w, ops, start, end); err != nil {
			return err
		}
	}
	return nil
}

// writeHunk writes ops[start:end] as one hunk, with its header.
func writeHunk(w io.Writer, ops []op, start, end int) error {
	aLine, bLine := 1, 1 // the first line of the hunk in a and in b
	for _, o := range ops[:start] {
		if o.kind != '+' {
			aLine++
		}
		if o.kind != '-' {
			bLine++
		}
	}
	aCount, bCount := 0, 0
	for _, o := range ops[start:end] {
		if o.kind != '+' {
			aCount++
		}
		if o.kind != '-' {
			bCount++
		}
	}
	if _, err := fmt.Fprintf(w, "@@ -%s +%s @@\n", hunkRange(aLine, aCount), hunkRange(bLine, bCount)); err != nil {
		return err
	}
	for _, o := range ops[start:end] {
		if _, err := fmt.Fprintf(w, "%c%s\n", o.kind, o.line); err != nil {
			return err
		}
	}
	return nil
}

// hunkRange writes a hunk's range as diff -u does: "3,4"; "3" for one
// line; "2,0" for none, naming the line before.
func hunkRange(first, count int) string {
	switch count {
	case 0:
		return fmt.Sprintf("%d,0", first-1)
	case 1:
		return fmt.Sprint(first)
	}
	return fmt.Sprintf("%d,%d", first, count)
}

// LineDiff returns the hunks of a unified diff that turns the text a into
// b, without file headers; "" when they are the same.
func LineDiff(a, b string) string {
	var out strings.Builder
	_ = writeHunks(&out, diffLines(splitLines([]byte(a+"\n")), splitLines([]byte(b+"\n")))) // a Builder never fails
	return out.String()
}
