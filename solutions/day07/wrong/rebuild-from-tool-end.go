// Wrong: tool_end events rebuild too, as tool messages, since they describe the result; but the
// result is already in the tool message logged after it, so the model is sent every result twice.
// Exercise: 3
// Caught by: TestReplayEqualsTheLiveWindow, TestReplayCounts, self-check "replay rebuilds the messages and skips the other events"
package session

import "ply/day07/llm"

func (rp *Replay) rebuild(ev Event) {
	switch d := ev.Data.(type) {
	case Message:
		rp.add(d.Message)
		rp.Replayed++
	case ToolEnd:
		rp.add(llm.Message{Role: llm.RoleTool, ToolCallID: d.ID, Content: d.Outcome})
		rp.Replayed++
	case Compact:
		rp.dropCut()
		rp.Window = rp.compact(rp.Window, d.Summary)
	case Grants:
		rp.Grants = d
	default:
		rp.Skipped++
	}
}
