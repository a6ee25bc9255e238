package lesson

import (
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"ply/internal/lab"
)

// An Output is a transcript of the self-check that a lesson shows.
type Output struct {
	Line    int    // the line of its marker
	Of      string // whose output: "starter", "reference", or "wrong/NAME.go"
	Text    string // the block, without the command lines and the exit status
	Command string // the command lines, without "$ ", joined by newlines
	Exit    string // the exit status line, such as "exit status 1"; "" for none
}

// Whole reports whether the output must be the whole of what the program
// printed; a wrong answer's may leave lines out.
func (o Output) Whole() bool { return !strings.HasPrefix(o.Of, "wrong/") }

// Outputs returns the document's self-check transcripts, in order.
func (d *Doc) Outputs() []Output {
	var outs []Output
	for _, b := range d.Blocks {
		m := outputMarker.FindStringSubmatch(b.Marker)
		if m == nil {
			continue
		}
		o := Output{Line: b.Line, Of: m[1]}
		lines := strings.Split(b.Text, "\n")
		var commands []string
		for len(lines) > 0 && strings.HasPrefix(lines[0], "$ ") {
			commands = append(commands, strings.TrimPrefix(lines[0], "$ "))
			lines = lines[1:]
		}
		if n := len(lines); n > 0 && strings.HasPrefix(lines[n-1], "exit status ") {
			o.Exit, lines = lines[n-1], lines[:n-1]
		}
		o.Command, o.Text = strings.Join(commands, "\n"), strings.Join(lines, "\n")
		outs = append(outs, o)
	}
	return outs
}

// Compare compares o with what the program printed, out, which ended with
// a failed check when failed is true. It returns nil when o shows it.
func (o Output) Compare(out string, failed bool) error {
	got := strings.Split(MaskTemp(strings.TrimRight(o.Text, "\n")), "\n")
	want := strings.Split(MaskTemp(strings.TrimRight(out, "\n")), "\n")
	switch {
	case failed && o.Exit != "" && o.Exit != "exit status 1":
		return fmt.Errorf("it ends with %q, but go run says \"exit status 1\" when a check fails", o.Exit)
	case !failed && o.Exit != "":
		return fmt.Errorf("it ends with %q, but every check passes, and go run says nothing", o.Exit)
	}
	if o.Whole() {
		for i := 0; i < max(len(got), len(want)); i++ {
			if g, w := lineOr(got, i, "(end of the block)"), lineOr(want, i, "(end of the output)"); g != w {
				return fmt.Errorf("line %d of the block differs from what the self-check of the %s prints:\n\tgot  %s\n\twant %s\nthe whole output:\n%s",
					i+1, o.Of, g, w, out)
			}
		}
		return nil
	}
	next := 0 // want[:next] is used up
	for i, g := range got {
		for next < len(want) && want[next] != g {
			next++
		}
		if next == len(want) {
			return fmt.Errorf("line %d of the block, %q, is not in what the self-check prints with %s in place, after the lines before it:\n%s",
				i+1, g, o.Of, out)
		}
		next++
	}
	return nil
}

// tempPath matches a path into a temporary folder made by os.MkdirTemp,
// whose name ends in random digits: /tmp/ply-selftest-2126950816/.
var tempPath = regexp.MustCompile(`[^\s"'(]*/([^\s"'/]*?)[0-9]{4,}/`)

// MaskTemp returns text with each path into a temporary folder written
// the same whatever the folder: TMP/ply-selftest-*/. A run prints another
// folder each time, and on another system in another place.
func MaskTemp(text string) string {
	return tempPath.ReplaceAllString(text, "TMP/${1}*/")
}

// A Green is a claim that some exercises, done, turn some checks green.
type Green struct {
	Line      int         // the line of its marker
	Exercises []int       // the exercises done; every other is a hole
	Claims    []lab.Claim // the checks that pass then
}

// greenMarker matches a green marker.
var greenMarker = regexp.MustCompile(`^<!--\s*green\s+([0-9]+(?:\s*,\s*[0-9]+)*)\s*:(.*)-->$`)

// parseGreen reads a green marker.
func parseGreen(text string) (Green, error) {
	m := greenMarker.FindStringSubmatch(text)
	if m == nil {
		return Green{}, fmt.Errorf("%w: a green marker is <!-- green N[,M]: TestName, \"self-check line\" -->", ErrMalformed)
	}
	var g Green
	for _, field := range strings.Split(m[1], ",") {
		n, err := strconv.Atoi(strings.TrimSpace(field))
		if err != nil || n < 1 {
			return Green{}, fmt.Errorf("%w: %q is not an exercise number", ErrMalformed, field)
		}
		g.Exercises = append(g.Exercises, n)
	}
	claims, err := lab.ParseClaims(m[2])
	if err != nil {
		return Green{}, fmt.Errorf("%w: %w", ErrMalformed, err)
	}
	g.Claims = claims
	return g, nil
}

// A Tally is a self-check's tally that a lesson states in its prose, such
// as `5/19 passed`.
type Tally struct {
	Line    int
	Tally   lab.Tally
	Starter bool // the line speaks of the starter
}

// tallyText matches a tally in backticks.
var tallyText = regexp.MustCompile("`([0-9]+)/([0-9]+) passed`")

// Tallies returns the tallies the document states outside its code blocks.
func (d *Doc) Tallies() []Tally {
	var tallies []Tally
	d.prose(func(i int, line string) {
		for _, m := range tallyText.FindAllStringSubmatch(line, -1) {
			passed, _ := strconv.Atoi(m[1]) // the pattern allows only digits
			total, _ := strconv.Atoi(m[2])
			tallies = append(tallies, Tally{Line: i + 1, Tally: lab.Tally{Passed: passed, Total: total},
				Starter: strings.Contains(strings.ToLower(line), "starter")})
		}
	})
	return tallies
}

// wrongName matches an answer key's mention of a wrong answer's file.
var wrongName = regexp.MustCompile("`wrong/([A-Za-z0-9_.-]+)\\.go`")

// WrongNames returns the wrong answers the document names by their files,
// `wrong/NAME.go`, each with the first line that names it.
func (d *Doc) WrongNames() map[string]int {
	names := map[string]int{}
	d.prose(func(i int, line string) {
		for _, m := range wrongName.FindAllStringSubmatch(line, -1) {
			if _, seen := names[m[1]]; !seen {
				names[m[1]] = i + 1
			}
		}
	})
	return names
}

// transcriptLine matches a line of a self-check's output.
var transcriptLine = regexp.MustCompile(`^([0-9]+/[0-9]+ passed|[✓✗] .*)$`)

// Unchecked returns the claims of the document that no marker holds to
// the program: blocks that look like a self-check's output without an
// output marker, and paragraphs that say what turns green without a
// green marker before them.
func (d *Doc) Unchecked() []error {
	var errs []error
	for _, b := range d.Blocks {
		if b.Marker != "" {
			continue
		}
		for _, line := range strings.Split(b.Text, "\n") {
			if transcriptLine.MatchString(line) {
				errs = append(errs, d.posError(b.Line, "a self-check's output with no marker to check it: put <!-- output selfcheck starter|reference|wrong/NAME.go --> before it"))
				break
			}
		}
	}
	greenAt := map[int]bool{} // the lines of the green markers, 1-based
	for _, g := range d.Greens {
		greenAt[g.Line] = true
	}
	// covered reports whether a green marker stands among the markers
	// right above the paragraph that starts at index start.
	covered := func(start int) bool {
		for j := start - 1; j >= 0; j-- {
			if _, ok := markerWord(d.Lines[j]); !ok {
				return false
			}
			if greenAt[j+1] {
				return true
			}
		}
		return false
	}
	start, reported := -1, false // the index of the paragraph's first line, and whether it was reported
	d.prose(func(i int, line string) {
		if strings.TrimSpace(line) == "" {
			start = -1
			return
		}
		if start < 0 {
			start, reported = i, false
		}
		if turnsGreen.MatchString(line) && !reported && !covered(start) {
			errs = append(errs, d.posError(i+1, "a claim of what turns green with no <!-- green N: CHECKS --> on the line before its paragraph"))
			reported = true
		}
	})
	return errs
}

// turnsGreen matches a sentence that says what an exercise turns green.
var turnsGreen = regexp.MustCompile(`(?i)\bturns? green\b`)

// WrongSectionsWithoutCode returns an error for each section of an answer
// key under a heading that starts with "Wrong" and names no wrong answer
// as `wrong/NAME.go`: a wrong answer the key describes but the course
// cannot run.
func (d *Doc) WrongSectionsWithoutCode() []error {
	type section struct {
		line, level int
		named       bool
	}
	var open []section // the sections that are open, outermost first
	var errs []error
	closeTo := func(level int) {
		for len(open) > 0 && open[len(open)-1].level >= level {
			s := open[len(open)-1]
			open = open[:len(open)-1]
			if !s.named {
				errs = append(errs, d.posError(s.line, "the wrong answer under this heading is not kept as code: add it to wrong/ beside the key and name it here as `wrong/NAME.go`"))
			}
		}
	}
	d.prose(func(i int, line string) {
		if level := headingLevel(line); level > 0 {
			closeTo(level)
			title := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(line), "#"))
			if strings.HasPrefix(title, "Wrong") {
				open = append(open, section{line: i + 1, level: level})
			}
			return
		}
		if wrongName.MatchString(line) {
			for j := range open {
				open[j].named = true
			}
		}
	})
	closeTo(1)
	return errs
}

// KeyProblems checks an answer key against the wrong answers kept beside
// it: each `wrong/NAME.go` it names is a file of wrongs, and it names each
// of them. It reads and builds nothing else, so go run ply/cmd/lab -check
// runs it; whether each wrong answer fails the checks its header names is
// for the course's checks of the day, which build it.
func (d *Doc) KeyProblems(wrongs []lab.Wrong, wrongDir string) []error {
	var errs []error
	named := d.WrongNames()
	for _, name := range slices.Sorted(maps.Keys(named)) {
		if !slices.ContainsFunc(wrongs, func(w lab.Wrong) bool { return w.Name == name }) {
			errs = append(errs, d.posError(named[name], "names `wrong/%s.go`, but %s has no such file", name, wrongDir))
		}
	}
	for _, w := range wrongs {
		if _, ok := named[w.Name]; !ok {
			errs = append(errs, fmt.Errorf("%s never names the wrong answer %s: say what it shows, and name it as `wrong/%s.go`", d.Path, w.File, w.Name))
		}
	}
	return errs
}

// WrongParagraph returns what the document says of the wrong answer
// called name, as one line, and the line where it starts: the paragraph
// that first names it as `wrong/NAME.go`, and the prose after it, over
// code blocks, up to the next heading, the next paragraph that opens in
// bold or names another wrong answer; "" when the document never names
// it.
func (d *Doc) WrongParagraph(name string) (string, int) {
	line, ok := d.WrongNames()[name]
	if !ok {
		return "", 0
	}
	start := line - 1
	for start > 0 && strings.TrimSpace(d.Lines[start-1]) != "" && !isHeading(d.Lines[start-1]) {
		start--
	}
	prose := map[int]bool{} // the lines of the document outside its code blocks and markers
	d.prose(func(i int, _ string) { prose[i] = true })
	var words []string
	for i := start; i < len(d.Lines); i++ {
		text := strings.TrimSpace(d.Lines[i])
		if !prose[i] || text == "" {
			continue
		}
		opens := i == 0 || strings.TrimSpace(d.Lines[i-1]) == "" || !prose[i-1]
		names := wrongName.FindAllStringSubmatch(text, -1)
		if i > start && (isHeading(text) || opens && strings.HasPrefix(text, "**") ||
			slices.ContainsFunc(names, func(m []string) bool { return m[1] != name })) {
			break
		}
		words = append(words, text)
	}
	return strings.Join(words, " "), start + 1
}
