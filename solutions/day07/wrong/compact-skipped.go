// Wrong: a compact event is skipped like the display-only ones, so the rebuilt window holds
// everything the live one had compacted away, and is bigger than the model's context.
// Exercise: 3
// Caught by: TestReplayEqualsTheLiveWindow, TestReplayCounts, TestForkWindowEqualsTheParentsThere
package session

func (rp *Replay) rebuild(ev Event) {
	switch d := ev.Data.(type) {
	case Message:
		rp.add(d.Message)
		rp.Replayed++
	case Grants:
		rp.Grants = d
	default:
		rp.Skipped++
	}
}
