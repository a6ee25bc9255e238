package tools

import (
	"encoding/json"

	"ply/day07/approval"
)

// plannedEdit is what an edit_file call would do to its file, worked out and
// checked but not written.
type plannedEdit struct {
	args          editFileArgs
	target        string // the file, relative to the workspace, links resolved
	before, after string // its text now, and after the edit
}

// Preview tells what the write asked for by args would make of its file,
// without writing it: the approval gate shows the human the difference
// before asking. It finds the file as Run does (plan), so the diff is of
// the file Run would write; Err says why Run would refuse.
func (t WriteFile) Preview(args json.RawMessage) approval.Change {
	a, target, err := t.plan(args)
	if err != nil {
		return approval.Change{Path: a.Path, Err: err}
	}
	before := "" // a new file: every line is added
	if _, err := t.ws.root.Stat(target); err == nil {
		if before, err = readForEdit(t.ws, target); err != nil {
			return approval.Change{Path: target, Err: err}
		}
	}
	return approval.Change{Path: target, Before: before, After: a.Content}
}

// Preview tells what the edit asked for by args would make of its file,
// without writing it: the approval gate shows the human the difference
// before asking. The edit is worked out by the code Run writes from
// (plan), so the diff is exactly what Run would write; Err says why Run
// would refuse.
func (t EditFile) Preview(args json.RawMessage) approval.Change {
	e, err := t.plan(args)
	if err != nil {
		return approval.Change{Err: err}
	}
	return approval.Change{Path: e.target, Before: e.before, After: e.after}
}
