package lesson

import (
	"cmp"
	"errors"
	"fmt"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
)

// Check checks every quote of the markdown file lesson against the code in
// codeDir, the folder its quotes' files are relative to. It returns nil
// when all of them match, and otherwise an error listing, one per line,
// each quote that is wrong as an *Error:
//
//	day01/README.md:40: quote of llm/mock.go reply differs from the code at its line 3:
//		got  "\tfor _, r := range rules {" (day01/README.md:43)
//		want "\tfor _, r := range script {" (day01/llm/mock.go:61)
//
// A lesson that cannot be read is an error of its own, which wraps the
// reason (fs.ErrNotExist when there is no lesson yet).
func Check(lesson, codeDir string) error {
	md, err := os.ReadFile(lesson)
	if err != nil {
		return err
	}
	quotes, errs := parse(lesson, string(md))
	for _, q := range quotes {
		code, line, err := Source(codeDir, q)
		if err == nil {
			err = compare(q, lesson, code, codeDir, line)
		}
		if err != nil {
			errs = append(errs, &Error{Path: lesson, Line: q.Line, Err: err})
		}
	}
	slices.SortStableFunc(errs, func(a, b *Error) int { return cmp.Compare(a.Line, b.Line) })
	return join(errs)
}

// compare compares the text of q, a quote in lesson, with code, which
// starts at line codeLine of q.File in codeDir; nil means they are equal.
func compare(q Quote, lesson, code, codeDir string, codeLine int) error {
	got := strings.Split(strings.TrimRight(q.Text, "\n"), "\n")
	want := strings.Split(strings.TrimRight(code, "\n"), "\n")
	for i := 0; i < max(len(got), len(want)); i++ {
		g, w := lineOr(got, i, "(end of the quote)"), lineOr(want, i, "(end of the code)")
		if g == w {
			continue
		}
		codePath := path.Join(filepath.ToSlash(codeDir), q.File)
		return fmt.Errorf("quote of %s %w at its line %d:\n\tgot  %s (%s:%d)\n\twant %s (%s:%d)",
			q, ErrDiffers, i+1, g, lesson, q.Line+2+i, w, codePath, codeLine+i)
	}
	return nil
}

// lineOr returns lines[i], quoted, or end when there is no such line.
func lineOr(lines []string, i int, end string) string {
	if i < len(lines) {
		return fmt.Sprintf("%q", lines[i])
	}
	return end
}

// join returns errs as one error, one per line; nil when there are none.
func join(errs []*Error) error {
	all := make([]error, len(errs))
	for i, err := range errs {
		all[i] = err
	}
	return errors.Join(all...)
}
