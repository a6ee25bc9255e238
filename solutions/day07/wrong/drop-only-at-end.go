// Wrong: an unanswered round is dropped only when the log ends in it. After one resume the reopen
// note follows the cut round, and the second resume sends the model a call with no answer, which
// servers refuse.
// Exercise: 3
// Caught by: TestReplayDropsATurnCutBeforeItsResults
package session

import "ply/day07/llm"

func (rp *Replay) add(m llm.Message) {
	if m.Role == llm.RoleTool && rp.waiting > 0 {
		rp.waiting--
	}
	rp.Window = append(rp.Window, m)
	if m.Role == llm.RoleAssistant && len(m.ToolCalls) > 0 {
		rp.open, rp.waiting = len(rp.Window)-1, len(m.ToolCalls)
	}
}
