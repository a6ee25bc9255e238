// Command lab makes the course's labs from the day modules, and is the
// student's companion while they work through them. It runs from any
// folder of the course, a starter's included, as go run ply/cmd/lab
// (from the root, go run ./cmd/lab is the same).
//
// For students:
//
//	go run ply/cmd/lab status [DAY [N]]   every day, or one, or one exercise: its checks, what to do next
//	go run ply/cmd/lab watch DAY [N]      judge again the exercises a save changes, or exercise N
//	go run ply/cmd/lab hint DAY N [LEVEL] the hints of exercise N, one level at a time
//	go run ply/cmd/lab reset DAY N        put exercise N's holes back, saving your code first
//	go run ply/cmd/lab diff DAY DAY       what the second day adds to the first, without the lab's own lines
//
// For instructors:
//
//	go run ply/cmd/lab                    bring the lessons' quotes and numbers, starter/ and solutions/ up to date
//	go run ply/cmd/lab -check             change nothing; list what is out of date, and exit 1 if anything is
//	go run ply/cmd/lab -force             the same as the first, even over starter files that hold a student's work
//	go run ply/cmd/lab mutants [-short] [-n] DAY
//	                                      how many small wrong edits of DAY's exercises its checks catch
//	go run ply/cmd/lab grade DAY FOLDER [-json]
//	                                      judge a student's copy of DAY's starter, wherever it lies
//	go run ply/cmd/lab carry DAY [-from REV] [-n]
//	                                      carry DAY's change since REV into the later days' copies
//
// status and grade exit with status 1 while an exercise they show is not
// done. A subcommand's flags may come before, between or after its other
// arguments: diff day06 day07 -stat is diff -stat day06 day07. The -root
// flag names the course's root folder; without it, the lab
// finds the root above the current folder (see lab.FindRoot). The
// directives the days use are described in the documentation of package
// ply/internal/lab, and the markers of the lessons in ply/internal/lesson.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"ply/internal/lab"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// usage is what a bad command line gets.
const usage = `usage: ` + lab.Command + ` [-root folder] [-check | -force]
       ` + lab.Command + ` status [DAY [N]]
       ` + lab.Command + ` watch DAY [N]
       ` + lab.Command + ` hint DAY N [LEVEL]
       ` + lab.Command + ` reset DAY N
       ` + lab.Command + ` diff DAY DAY [-stat]
       ` + lab.Command + ` mutants [-short] [-n] DAY
       ` + lab.Command + ` grade DAY FOLDER [-json]
       ` + lab.Command + ` carry DAY [-from REV] [-n]`

// commands are the subcommands, sorted by name.
var commands = map[string]func(ctx context.Context, root string, args []string, stdout, stderr io.Writer) error{
	"carry":   carry,
	"diff":    diff,
	"grade":   grade,
	"hint":    hint,
	"mutants": mutants,
	"reset":   reset,
	"status":  status,
	"watch":   watch,
}

// errUsage marks a command line that is not understood; its message says
// what was wrong and run adds the usage.
var errUsage = errors.New("usage")

// run runs the command line args and returns the exit status: main is the
// only place that ends the program.
func run(args []string, stdout, stderr io.Writer) int {
	flags := flag.NewFlagSet("lab", flag.ContinueOnError)
	flags.SetOutput(stderr)
	flags.Usage = func() { fmt.Fprintln(stderr, usage) }
	check := flags.Bool("check", false, "change nothing; list what is out of date and exit 1 if anything is")
	force := flags.Bool("force", false, "regenerate starter files that hold a student's work too, saving them first")
	root := flags.String("root", "", "the course's root `folder`; found above the current folder when not given")
	if err := flags.Parse(args); err != nil {
		return 2
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	var err error
	if *root == "" {
		*root, err = lab.FindRoot(".")
	}
	switch {
	case err != nil:
	case flags.NArg() == 0:
		err = generate(*root, *check, *force, stdout, stderr)
	case commands[flags.Arg(0)] != nil && !*check && !*force:
		err = commands[flags.Arg(0)](ctx, *root, flags.Args()[1:], stdout, stderr)
	default:
		err = fmt.Errorf("%w: unknown command %q; the commands are carry, diff, grade, hint, mutants, reset, status and watch", errUsage, strings.Join(flags.Args(), " "))
	}
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errUsage):
		fmt.Fprintf(stderr, "lab: %v\n%s\n", strings.TrimPrefix(err.Error(), "usage: "), usage)
		return 2
	case errors.Is(err, errQuiet):
		return 1
	}
	fmt.Fprintln(stderr, "lab:", err)
	return 1
}

// shown returns the file rel, a slash-separated path from the course's
// root, as a path from the folder the lab runs in, where root is too (see
// lab.FindRoot): a student in starter/day07 reads
// ../../solutions/day07/README.md, and can open it.
func shown(root, rel string) string {
	p := filepath.Join(root, filepath.FromSlash(rel))
	abs, err := filepath.Abs(p)
	if err != nil {
		return p
	}
	wd, err := os.Getwd()
	if err != nil {
		return p
	}
	if short, err := filepath.Rel(wd, abs); err == nil {
		return short
	}
	return p
}

// errQuiet is a failure that has been reported already.
var errQuiet = errors.New("failed")
