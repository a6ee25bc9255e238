package ui

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
)

// maxLine is the longest line the REPL reads: long enough for a pasted
// stack trace, short enough that a runaway pipe cannot exhaust memory.
const maxLine = 1 << 20

// The lines the REPL refuses, saying why, before it reads on.
var (
	errLineTooLong = fmt.Errorf("the line is longer than %d bytes, so ply did not send it", maxLine)
	errTerminalCut = fmt.Errorf("the line is as long as a terminal line can be (%d bytes), so the terminal "+
		"has probably cut it; ply did not send it: give long text from a file instead", terminalLine-1)
)

// refused reports whether err is a line the REPL refuses, rather than a
// failure to read.
func refused(err error) bool {
	return errors.Is(err, errLineTooLong) || errors.Is(err, errTerminalCut)
}

// readLine reads the next line of r and returns it without its line end.
// A line longer than maxLine is read to its end and dropped, and readLine
// returns errLineTooLong: memory stays bounded, and the next call reads
// the next line. At the end of the input readLine returns io.EOF.
func readLine(r *bufio.Reader) (string, error) {
	var line []byte
	n := 0 // the bytes of this line read so far, kept or not
	for {
		part, err := r.ReadSlice('\n')
		n += len(part)
		if n <= maxLine+1 { // the line so far, and its "\n", fit
			line = append(line, part...)
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue // the line goes on past the reader's buffer
		}
		if err != nil && (!errors.Is(err, io.EOF) || n == 0) {
			return "", err // io.EOF only when no line is left
		}
		line = bytes.TrimSuffix(line, []byte("\n"))
		if n > maxLine+1 || len(line) > maxLine {
			return "", errLineTooLong
		}
		return string(bytes.TrimSuffix(line, []byte("\r"))), nil
	}
}

// cutByTerminal reports whether a line a person typed at a terminal may
// have been cut short by the terminal itself. In its usual, canonical
// mode, a terminal collects a line before ply sees any of it, and it has
// room for terminalLine bytes: what is pasted beyond that is dropped
// without a word, and the line that arrives is exactly as long as the
// room allows.
func cutByTerminal(line string) bool {
	return terminalLine > 0 && len(line)+1 >= terminalLine
}
