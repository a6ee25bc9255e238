// Wrong: taking off the "\n" and keeping the "\r" of a CRLF line: "$" no
// longer matches at the line's end, and each hit shows a stray "\r".
// Exercise: 4
// Caught by: TestSearchFile/CRLF, TestSearch/anchored, TestSearchLineEndings
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
	lines := bufio.NewReader(r)
	n := 0
	for len(hits) <= maxHits {
		line, err := lines.ReadString('\n')
		if line != "" {
			n++
			line = strings.TrimSuffix(line, "\n")
			if re.MatchString(line) {
				hits = append(hits, fmt.Sprintf("%s:%d: %s", name, n, shortLine(line)))
			}
		}
		if err == io.EOF {
			return hits, nil
		}
		if err != nil {
			return hits, err
		}
	}
	return hits, nil
}
