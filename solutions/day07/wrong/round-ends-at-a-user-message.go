// Wrong: a cut round ends only at the next user message, which is where one usually ends. An
// assistant's answer that comes after a cut round is then taken into the round and dropped with
// it at the next question, and until then the window holds calls with no answers.
// Exercise: 3
// Caught by: TestReplayEndsACutRoundAtAnyMessage
package session

import "ply/day07/llm"

func (rp *Replay) add(m llm.Message) {
	switch {
	case m.Role == llm.RoleTool && rp.waiting > 0:
		rp.waiting--
	case m.Role == llm.RoleUser:
		rp.dropCut()
	}
	rp.Window = append(rp.Window, m)
	if m.Role == llm.RoleAssistant && len(m.ToolCalls) > 0 {
		rp.open, rp.waiting = len(rp.Window)-1, len(m.ToolCalls)
	}
}
