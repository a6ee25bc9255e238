package lesson

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"

	"ply/internal/lab"
)

// An absolute claim, a sentence that says something "never" happens, or
// "always", or "cannot", or "is refused", is one the course must show,
// since a single case against it makes it false. ClaimProblems holds each
// such sentence of a lesson or key to naming what shows it, in the
// sentence or its paragraph: a test, benchmark or fuzz target in inline
// code (`TestReaderRules`, which NameProblems holds to the code), a line
// of the self-check, which the day's checks hold to what it prints, or,
// where no test can show it, what was tried ("tried"). A word in quotes or
// in inline code is a name or a quotation, not a claim: the answer
// "always", `--yes`.

// ErrUnshownClaim is the reason an absolute claim is refused.
var ErrUnshownClaim = errors.New("an absolute claim that names no test, self-check line or trial")

// absolute matches the words of an absolute claim.
var absolute = regexp.MustCompile(`(?i)\b(never|always|cannot|can't|(is|are) refused)\b`)

// shown matches what shows a claim: a test's name in inline code, the
// self-check, or a trial.
var shown = regexp.MustCompile("`(Test|Benchmark|Fuzz|Example)[A-Za-z0-9_/]*`|(?i)\\bself-check\\b|\\btried\\b")

// quoted matches inline code and quotations, which hold no claim of the
// sentence's own.
var quoted = regexp.MustCompile("`[^`]*`|\"[^\"]*\"|“[^”]*”")

// sentenceEnd ends a sentence, or a clause that stands alone.
var sentenceEnd = regexp.MustCompile(`[.!?;:]\s+`)

// ClaimProblems returns an error for each absolute claim of the markdown
// file at path that names nothing that shows it.
func ClaimProblems(path string) []error {
	md, err := os.ReadFile(path)
	if err != nil {
		return []error{err}
	}
	doc, _ := Parse(path, string(md))
	var errs []error
	for _, p := range doc.paragraphs() {
		text := strings.Join(p.lines, " ")
		if shown.MatchString(text) {
			continue
		}
		for _, sentence := range sentenceEnd.Split(quoted.ReplaceAllString(text, "…"), -1) {
			if word := absolute.FindString(sentence); word != "" {
				errs = append(errs, &lab.PosError{File: path, Line: p.start + 1,
					Err: fmt.Errorf("%w: %q says %q", ErrUnshownClaim, shorten(strings.TrimSpace(sentence), 100), word)})
			}
		}
	}
	return errs
}

// A paragraph is a run of prose lines, with where it starts.
type paragraph struct {
	start int // the index of its first line
	lines []string
}

// paragraphs returns the document's prose, paragraph by paragraph: a
// heading, a blank line and a block of code or a marker end one.
func (d *Doc) paragraphs() []paragraph {
	var all []paragraph
	var p *paragraph
	last := -2
	d.prose(func(i int, line string) {
		if p != nil && (i != last+1 || strings.TrimSpace(line) == "" || isHeading(line)) {
			all, p = append(all, *p), nil
		}
		last = i
		if strings.TrimSpace(line) == "" || strings.HasPrefix(strings.TrimSpace(line), "<!--") {
			return
		}
		if p == nil {
			p = &paragraph{start: i}
		}
		p.lines = append(p.lines, line)
	})
	if p != nil {
		all = append(all, *p)
	}
	return all
}
