// Wrong: each grants event is added to the set so far; but a grants event is the whole set, so a
// grant the user took back comes back on resume.
// Exercise: 3
// Caught by: TestReplayGrantsLastWins
package session

import "slices"

func (rp *Replay) rebuild(ev Event) {
	switch d := ev.Data.(type) {
	case Message:
		rp.add(d.Message)
		rp.Replayed++
	case Compact:
		rp.dropCut()
		rp.Window = rp.compact(rp.Window, d.Summary)
	case Grants:
		for _, g := range d.Grants {
			if !slices.Contains(rp.Grants.Grants, g) {
				rp.Grants.Grants = append(rp.Grants.Grants, g)
			}
		}
		slices.Sort(rp.Grants.Grants)
		rp.Grants.Cwd = d.Cwd
	default:
		rp.Skipped++
	}
}
