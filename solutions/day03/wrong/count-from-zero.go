// Wrong: counting lines from 0 makes every number one short, and read_file
// with that number as its offset shows the line before.
// Exercise: 4
// Caught by: self-check "search shows each matching line as file:line: text", TestSearchFile/numbered_from_1
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
	n := -1
	for len(hits) <= maxHits {
		line, err := lines.ReadString('\n')
		if line != "" {
			n++
			line = strings.TrimRight(line, "\r\n")
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
