// Wrong: strings.Lines gets the lines right, but only after io.ReadAll has
// put the whole file in memory, and it reads on after the search has all
// the hits it will show.
// Exercise: 4
// Caught by: TestSearchFileStops
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
	n := 0
	for line := range strings.Lines(string(data)) {
		n++
		line = strings.TrimRight(line, "\r\n")
		if re.MatchString(line) {
			hits = append(hits, fmt.Sprintf("%s:%d: %s", name, n, shortLine(line)))
		}
		if len(hits) > maxHits {
			break
		}
	}
	return hits, err
}
