package lesson

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
)

// MapHeading is the heading of a lesson's reading map: the files of the
// day's layer in the order to read them, each with its length in lines.
const MapHeading = "## Reading map"

// mapTop is how far down a lesson its reading map may start: near enough
// the top that a student sees it, with its link to the lab, on the first
// screen or two.
const mapTop = 40

// mapLink matches a markdown link to a file beside the lesson.
var mapLink = regexp.MustCompile(`\[[^\]]*\]\(([^)#: ]+)\)`)

// MapProblems checks the reading map of the lesson at path, whose links are
// relative to dir. The map must start within the first mapTop lines, link
// to the lab, and each of its table rows that links files and gives a
// number of lines must give their length: within a tenth, or five lines,
// of what the files hold together. A number that drifted further is a
// claim the code no longer makes, so it is an error naming its line.
func MapProblems(path, dir string) []error {
	md, err := os.ReadFile(path)
	if err != nil {
		return []error{err}
	}
	lines := strings.Split(string(md), "\n")
	start := -1
	for i, line := range lines {
		if strings.TrimSpace(line) == MapHeading {
			start = i
			break
		}
	}
	if start < 0 {
		return []error{fmt.Errorf("%s has no %q section: a lesson opens with the files to read, in order, and a link to the lab", path, MapHeading)}
	}
	var errs []error
	if start >= mapTop {
		errs = append(errs, fmt.Errorf("%s:%d: the reading map starts at line %d; it belongs in the first %d lines", path, start+1, start+1, mapTop))
	}
	linksLab := false
	for i := start + 1; i < len(lines) && !strings.HasPrefix(lines[i], "## "); i++ {
		line := lines[i]
		if strings.Contains(line, "(#the-lab)") {
			linksLab = true
		}
		if err := checkMapRow(path, i+1, line, dir); err != nil {
			errs = append(errs, err)
		}
	}
	if !linksLab {
		errs = append(errs, fmt.Errorf("%s:%d: the reading map does not link to the lab (#the-lab)", path, start+1))
	}
	return errs
}

// checkMapRow checks one line of a reading map: a table row with links to
// files and a cell that is a whole number of lines.
func checkMapRow(path string, n int, line, dir string) error {
	if !strings.HasPrefix(strings.TrimSpace(line), "|") {
		return nil
	}
	said := -1
	for _, cell := range strings.Split(strings.Trim(strings.TrimSpace(line), "|"), "|") {
		if v, err := strconv.Atoi(strings.TrimSpace(cell)); err == nil {
			said = v
		}
	}
	links := mapLink.FindAllStringSubmatch(line, -1)
	if said < 0 || len(links) == 0 {
		return nil
	}
	total := 0
	for _, m := range links {
		data, err := os.ReadFile(filepath.Join(dir, m[1]))
		if err != nil {
			return fmt.Errorf("%s:%d: the reading map links %s, which cannot be read: %v", path, n, m[1], err)
		}
		total += bytes.Count(data, []byte("\n"))
	}
	if diff := said - total; max(diff, -diff) > max(5, total/10) {
		return fmt.Errorf("%s:%d: the reading map says %d lines, but the files it links hold %d; say %d", path, n, said, total, total)
	}
	return nil
}
