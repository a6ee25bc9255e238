// Command lab makes the course's labs from the day modules: starter/, the
// days with holes where the exercises go, and the generated part of
// solutions/, the files that fill them. Run it from the repository's root.
//
// Usage:
//
//	go run ./cmd/lab          bring starter/ and solutions/ up to date
//	go run ./cmd/lab -check   change nothing; list the files that are out
//	                          of date, and exit 1 if there are any
//
// The -root flag names the course's root folder, "." by default. The
// directives the days use are described in the documentation of package
// ply/internal/lab.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"ply/internal/lab"
)

func main() {
	os.Exit(run())
}

// run does what the flags say and returns the exit status: main is the
// only place that ends the program.
func run() int {
	check := flag.Bool("check", false, "change nothing; list the files that are out of date and exit 1 if any are")
	root := flag.String("root", ".", "the course's root `folder`")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: go run ./cmd/lab [-check] [-root folder]")
		return 2
	}
	update := lab.Generate
	if *check {
		update = lab.Check
	}
	lines, err := update(*root)
	for _, line := range lines {
		fmt.Println(line)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "lab:", err)
		return 1
	}
	if err := warnMissingAnswers(*root); err != nil {
		fmt.Fprintln(os.Stderr, "lab:", err)
		return 1
	}
	if *check && len(lines) > 0 {
		fmt.Fprintln(os.Stderr, "lab: starter/ and solutions/ are out of date: run go run ./cmd/lab")
		return 1
	}
	return 0
}

// warnMissingAnswers names each day whose answer key has no README.md yet.
// That is a warning, not an error: the lab cannot write it, and a day is
// written before its worked answers.
func warnMissingAnswers(root string) error {
	days, err := lab.Days(root)
	if err != nil {
		return err
	}
	for _, d := range days {
		name := path.Join("solutions", d.Name, "README.md")
		_, err := os.Stat(filepath.Join(root, filepath.FromSlash(name)))
		if errors.Is(err, fs.ErrNotExist) {
			fmt.Fprintf(os.Stderr, "%s: missing (a warning: it is written by hand)\n", name)
		} else if err != nil {
			return err
		}
	}
	return nil
}
