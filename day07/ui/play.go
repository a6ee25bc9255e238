package ui

import (
	"context"
	"fmt"
)

// Play sends each of lines to the agent as if the user had typed it: the
// prompt and the line are shown, then the turn as it happens. Ctrl-C
// cancels the turn in progress, and the lines after it are still played.
// ply demo plays its scenario this way before the REPL takes over.
func (r *REPL) Play(ctx context.Context, lines []string) {
	for _, line := range lines {
		fmt.Fprintln(r.out, r.styles.Prompt.Render("> ")+line)
		r.turn(ctx, line)
	}
}
