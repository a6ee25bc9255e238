package agent

import (
	"context"

	"ply/day07/llm"
	"ply/day07/tools"
)

// ToolProgress is the latest line of output of a tool call that is still
// running, such as a command's "=== RUN TestDiv". It comes between the
// call's ToolStart and its ToolEnd, as often as the tool has news, and
// from another goroutine than the turn's: the screen shows the line while
// the call runs, and the conversation never sees it.
type ToolProgress struct {
	ID, Name string
	Line     string // as the tool wrote it: text from a command, not yet fit for a terminal
}

func (ToolProgress) event() {}

// withProgress returns a context that carries a progress reporter for
// call to the tool that runs it: each line the tool reports becomes a
// ToolProgress event. The agent knows nothing of how it is shown.
func withProgress(ctx context.Context, call llm.ToolCall, emit func(Event)) context.Context {
	return tools.WithProgress(ctx, func(line string) {
		emit(ToolProgress{ID: call.ID, Name: call.Name, Line: line})
	})
}
