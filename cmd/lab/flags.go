package main

import (
	"flag"
	"slices"
)

// parseAnywhere parses args with flags, which may stand before, between
// or after the other arguments, as in diff day06 day07 -stat, and returns
// the other arguments, in order. After a lone "--" every argument is one
// of the others, however it looks.
func parseAnywhere(flags *flag.FlagSet, args []string) ([]string, error) {
	var tail []string
	if i := slices.Index(args, "--"); i >= 0 {
		args, tail = args[:i], args[i+1:]
	}
	var rest []string
	for {
		if err := flags.Parse(args); err != nil {
			return nil, err
		}
		if flags.NArg() == 0 {
			return append(rest, tail...), nil
		}
		rest = append(rest, flags.Arg(0))
		args = flags.Args()[1:]
	}
}
