// Wrong: as it runs, only the command's name is judged against the rules, so its expanded arguments pass unseen: cat s* reads secret.txt, a link out, and a * that matches a file named --output=x makes git diff write it.
// Exercise: 1
// Caught by: TestProgramChecksAsItRuns, self-check "a command allowed by its words is judged again as it runs, its patterns expanded"
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
