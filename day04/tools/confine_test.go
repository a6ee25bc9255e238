package tools

import "ply/day04/sandbox"

// confined returns the places of ws's sandbox as ply builds them, or nil
// where this machine has no sandbox: the tests run commands as ply would.
func confined(ws *Workspace) *sandbox.Places {
	places := sandbox.DefaultPlaces(ws.Dir())
	if places.Check() != nil {
		return nil
	}
	return &places
}
