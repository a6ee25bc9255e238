// Wrong: as it runs, only the command's name is judged against the rules, so its expanded arguments pass unseen: tail -n 1 * in a folder with a file named -f runs tail -n 1 -f, which never ends.
// Exercise: 1
// Caught by: TestProgramChecksAsItRuns, TestInterpretedCommand/refused_as_it_runs, self-check "a command allowed by its words is judged again as it runs, its patterns expanded"
package approval

import (
	"context"
	"fmt"

	"mvdan.cc/sh/v3/interp"
)

func (r *run) call(ctx context.Context, args []string) ([]string, error) {
	dir := interp.HandlerCtx(ctx).Dir
	if d := r.program.judge.judgeWords(dir, args[:1], nil); d.Verdict != Allow {
		return nil, r.refuse(fmt.Sprintf("%s: %s", args[0], d.Reason))
	}
	return args, nil
}
