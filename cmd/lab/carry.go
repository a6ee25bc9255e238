package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strings"

	"ply/internal/lab"
)

// carry carries the change that a day's files went through since a
// commit, HEAD unless -from says another, into the later days' copies of
// the same code, and says where it could not.
func carry(ctx context.Context, root string, args []string, stdout, stderr io.Writer) error {
	flags := flag.NewFlagSet("carry", flag.ContinueOnError)
	flags.SetOutput(stderr)
	from := flags.String("from", "HEAD", "the `commit` the change is since: the day's files as they were there are its old side")
	dryRun := flags.Bool("n", false, "say what would be carried, and change nothing")
	rest, err := parseAnywhere(flags, args)
	if err != nil {
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	if len(rest) != 1 {
		return fmt.Errorf("%w: carry wants the day that changed, such as carry day03", errUsage)
	}
	d, err := lab.FindDay(root, rest[0])
	if err != nil {
		return err
	}
	before, err := changedSince(ctx, root, d, *from)
	if err != nil {
		return err
	}
	if len(before) == 0 {
		fmt.Fprintf(stdout, "%s has not changed since %s: nothing to carry\n", d.Name, *from)
		return nil
	}
	carried, err := lab.Carry(root, d, before, *dryRun)
	if err != nil {
		return err
	}
	refused := false
	for _, c := range carried {
		if c.Done != "" {
			what := c.Done
			if *dryRun {
				what = "would be " + what
			}
			fmt.Fprintf(stdout, "%s: %s\n", c.Path, what)
		}
		if c.Refuse != "" {
			refused = true
			for _, line := range strings.Split(c.Refuse, "\n") {
				fmt.Fprintf(stdout, "%s: not carried: %s\n", c.Path, line)
			}
		}
	}
	if len(carried) == 0 {
		fmt.Fprintf(stdout, "the later days hold %s's change already, or have no copy of what it changed\n", d.Name)
	}
	if refused {
		fmt.Fprintln(stderr, "lab: carry the changes named by hand, or make them the later day's own; go test . says where days still disagree")
		return errQuiet
	}
	return nil
}

// changedSince returns the files of day d that differ between the commit
// from and the working tree, tracked or new, each as it was at from (nil
// for a file that was not there), by slash-separated path from the day.
func changedSince(ctx context.Context, root string, d lab.Day, from string) (map[string][]byte, error) {
	dir, err := filepath.Rel(root, d.Dir)
	if err != nil {
		return nil, err
	}
	dir = filepath.ToSlash(dir)
	changed, err := git(ctx, root, "diff", "--name-only", "--no-renames", from, "--", dir)
	if err != nil {
		return nil, err
	}
	added, err := git(ctx, root, "ls-files", "--others", "--exclude-standard", "--", dir)
	if err != nil {
		return nil, err
	}
	before := map[string][]byte{}
	for _, name := range strings.Fields(string(changed) + " " + string(added)) {
		rel := strings.TrimPrefix(name, dir+"/")
		old, err := git(ctx, root, "show", from+":"+name)
		if err != nil {
			old = nil // not there at from: a new file
		}
		before[rel] = old
	}
	return before, nil
}

// git runs git with args in the folder dir and returns its output.
func git(ctx context.Context, dir string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", strings.Join(args, " "), err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}
