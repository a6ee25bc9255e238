// Wrong: every command is let through as it runs, since the tree was judged already, so tail -n 1 * in a folder with a file named -f runs as tail -n 1 -f, which never ends.
// Exercise: 1
// Caught by: TestProgramChecksAsItRuns, TestInterpretedCommand/refused_as_it_runs, self-check "a command allowed by its words is judged again as it runs, its patterns expanded"
package approval

import "context"

func (r *run) call(ctx context.Context, args []string) ([]string, error) {
	return args, nil
}
