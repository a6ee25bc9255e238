package lesson

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"

	"ply/internal/lab"
)

// Check checks every quote of the markdown file lesson against the code in
// codeDir, the folder its quotes' files are relative to. It returns nil
// when all of them match, and otherwise an error listing, one per line,
// each quote that is wrong as a *lab.PosError:
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
	doc, errs := Parse(lesson, string(md))
	for _, q := range doc.Quotes() {
		code, line, err := Source(codeDir, q)
		if err == nil {
			err = compare(q, lesson, code, codeDir, line)
		}
		if err != nil {
			errs = append(errs, &lab.PosError{File: lesson, Line: q.Line, Err: err})
		}
	}
	return join(sortByLine(errs))
}

// Update rewrites every quote of the markdown file lesson from the code in
// codeDir, and reports whether the file changed. A quote whose code cannot
// be found is left as it is and reported, with the other mistakes.
func Update(lesson, codeDir string) (bool, error) {
	md, err := os.ReadFile(lesson)
	if err != nil {
		return false, err
	}
	doc, errs := Parse(lesson, string(md))
	updated := doc.Rewrite(func(b Block) (string, bool) {
		m := quoteMarker.FindStringSubmatch(b.Marker)
		if m == nil {
			return "", false
		}
		code, _, err := Source(codeDir, Quote{Line: b.Line, File: m[1], Name: m[2]})
		if err != nil {
			errs = append(errs, &lab.PosError{File: lesson, Line: b.Line, Err: err})
			return "", false
		}
		return code, true
	})
	if len(errs) > 0 {
		return false, join(sortByLine(errs))
	}
	if updated == string(md) {
		return false, nil
	}
	return true, os.WriteFile(lesson, []byte(updated), 0o644)
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
		return fmt.Errorf("quote of %s %w at its line %d (go run ply/cmd/lab rewrites it):\n\tgot  %s (%s:%d)\n\twant %s (%s:%d)",
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
