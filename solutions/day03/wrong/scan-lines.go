// Wrong: bufio.Scanner gives up on a line over 64 KiB, and every hit after
// it is lost: minified code, a lock file, a log line with a stack trace.
// Exercise: 4
// Caught by: self-check "search counts every line, however long, and no more", TestSearchFile/a_line_longer_than_64_KiB, TestSearchBigFile
// Test exercise: 6
package tools

import (
	"bufio"
	"fmt"
	"io"
	"regexp"
	"strings"
)

func searchFile(name string, r io.Reader, re *regexp.Regexp, hits []string) ([]string, error) {
	lines := bufio.NewScanner(r)
	n := 0
	for len(hits) <= maxHits && lines.Scan() {
		n++
		line := strings.TrimRight(lines.Text(), "\r")
		if re.MatchString(line) {
			hits = append(hits, fmt.Sprintf("%s:%d: %s", name, n, shortLine(line)))
		}
	}
	return hits, lines.Err()
}
