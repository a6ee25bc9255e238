// Wrong: only a window ending in the user's message counts as unfinished; a turn cut after its tool
// results came back, with no answer yet, is not offered to /continue.
// Exercise: 3
// Caught by: TestReplayUnfinished/results_and_no_answer
package session

import "ply/day07/llm"

func (rp *Replay) Finish() {
	rp.dropCut()
	n := len(rp.Window)
	rp.Unfinished = n > 1 && rp.Window[n-1].Role == llm.RoleUser
}
