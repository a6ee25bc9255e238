// Wrong: strings.Split gives one more piece than there are "\n", so a file
// that ends in "\n" gets a last, empty line that is not there; and it
// reads the whole file before it searches a line.
// Exercise: 4
// Caught by: self-check "search counts every line, however long, and no more", TestSearchFile/no_line_after_the_last_line_end, TestSearchFileStops
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
	data, err := io.ReadAll(r)
	if err != nil {
		return hits, err
	}
	for i, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSuffix(line, "\r")
		if re.MatchString(line) {
			hits = append(hits, fmt.Sprintf("%s:%d: %s", name, i+1, shortLine(line)))
		}
		if len(hits) > maxHits {
			break
		}
	}
	return hits, nil
}
