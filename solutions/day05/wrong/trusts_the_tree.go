// Wrong: every command is let through as it runs, since the tree was judged already, so cat s* runs as cat secret.txt and reads through a link out of the workspace.
// Exercise: 1
// Caught by: TestProgramChecksAsItRuns, TestInterpretedCommand/refused_as_it_runs, self-check "a command allowed by its words is judged again as it runs, its patterns expanded"
package approval

import "context"

func (r *run) call(ctx context.Context, args []string) ([]string, error) {
	return args, nil
}
