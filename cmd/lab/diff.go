package main

import (
	"context"
	"flag"
	"fmt"
	"io"

	"ply/internal/lab"
)

// diff shows what the second day adds to the first: the diff of their
// folders without the import-path renames and the lab's own lines, which
// it counts in a first line. With -stat it lists the files instead.
func diff(_ context.Context, root string, args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("diff", flag.ContinueOnError)
	flags.SetOutput(stderr)
	stat := flags.Bool("stat", false, "list the files that differ, with the lines added and removed, instead of the diff")
	days, err := parseAnywhere(flags, args)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if len(days) != 2 {
		return fmt.Errorf("%w: diff wants two days, such as diff day06 day07", errUsage)
	}
	from, err := lab.FindDay(root, days[0])
	if err != nil {
		return err
	}
	to, err := lab.FindDay(root, days[1])
	if err != nil {
		return err
	}
	layer, err := lab.NewLayer(from, to)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "%s\n\n", layer.Summary())
	if !*stat {
		return layer.WriteUnified(stdout)
	}
	added, removed := 0, 0
	for _, s := range layer.Stat() {
		if s.Binary {
			fmt.Fprintf(stdout, " %s | binary\n", s.Path)
			continue
		}
		fmt.Fprintf(stdout, " %s | +%d -%d\n", s.Path, s.Added, s.Removed)
		added, removed = added+s.Added, removed+s.Removed
	}
	fmt.Fprintf(stdout, " %d file(s), +%d -%d\n", len(layer.Files), added, removed)
	return nil
}
