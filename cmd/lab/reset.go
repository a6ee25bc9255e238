package main

import (
	"context"
	"fmt"
	"io"

	"ply/internal/lab"
)

// reset puts an exercise's holes back in the student's starter, after
// saving what the student had written there.
func reset(_ context.Context, root string, args []string, stdout, _ io.Writer) error {
	if len(args) != 2 {
		return fmt.Errorf("%w: reset wants a day and an exercise, such as reset day01 1", errUsage)
	}
	d, _, n, err := dayExercise(root, args[0], args[1])
	if err != nil {
		return err
	}
	if _, err := lab.StarterOf(root, d); err != nil {
		return err
	}
	saved, changed, err := lab.Reset(root, d, n)
	if err != nil {
		return err
	}
	if saved == "" {
		fmt.Fprintf(stdout, "%s's exercise %d is untouched: nothing to reset\n", d.Name, n)
		return nil
	}
	fmt.Fprintf(stdout, "saved your exercise %d to %s\n", n, shown(root, saved))
	for _, file := range changed {
		fmt.Fprintf(stdout, "%s: exercise %d is a hole again\n", shown(root, file), n)
	}
	return nil
}
