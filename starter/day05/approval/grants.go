package approval

import (
	"maps"
	"slices"
)

// Grants are the "always" answers of a session: each one lets a question
// the human has answered pass without being asked again, until ply ends
// or /revoke drops it. A grant is a string, such as
// "run_command: go test ./..." or "edit_file: calc.go", so that the set
// can be listed, saved and restored as a sorted list of strings.
//
// The zero Grants is empty and ready to use. Grants are not safe for
// concurrent use; ply asks one question at a time.
type Grants struct {
	set map[string]bool
}

// Add grants g.
func (gs *Grants) Add(g string) {
	if gs.set == nil {
		gs.set = map[string]bool{}
	}
	gs.set[g] = true
}

// Has reports whether g was granted.
func (gs *Grants) Has(g string) bool { return gs.set[g] }

// Revoke drops g and reports whether it was there.
func (gs *Grants) Revoke(g string) bool {
	had := gs.set[g]
	delete(gs.set, g)
	return had
}

// RevokeAll drops every grant and returns how many there were.
func (gs *Grants) RevokeAll() int {
	n := len(gs.set)
	clear(gs.set)
	return n
}

// List returns the grants, sorted.
func (gs *Grants) List() []string {
	return slices.Sorted(maps.Keys(gs.set))
}

// Replace makes the grants exactly list: a session restored from its log
// gets its whole set back at once, and grants it no longer has are gone.
func (gs *Grants) Replace(list []string) {
	gs.set = map[string]bool{}
	for _, g := range list {
		gs.set[g] = true
	}
}

// grantKey returns what "always" grants for a call that asked: from now
// on, the same call passes without asking. "" means the call can only be
// allowed once.
//
// For run_command it is the exact command, byte for byte: a grant never
// allows a command the human has not seen. "go test" for every go test
// would also allow go test -exec 'curl … | sh'; a user who wants that
// says so with --allow. Its timeout, when the call gives one, is part of
// the grant too, before the command so that no command can spell it:
// "always" for a command that may run for two minutes does not let the
// same command run for ten. For a tool that writes a file it is the file:
// "always" on an edit of calc.go lets the model go on editing calc.go,
// and nothing else. Every other tool is granted for its exact arguments.
func grantKey(name string, args arguments, workspace string) string {
	// TODO(lab 2): run_command: "NAME: COMMAND" exactly, or "NAME (timeout_s
	// N): COMMAND"; write_file, edit_file: "NAME: " and workspacePath(PATH);
	// others: "NAME: " and the raw JSON; "" if no command or path.
	// See "Exercise 2" in README.md; for hints: go run ply/cmd/lab hint day05 2
	return ""
}

// workspacePath returns p relative to the workspace when it is an
// absolute path inside it, cleaned and with forward slashes.
func workspacePath(p, workspace string) string {
	// TODO(lab 2): Return p cleaned, with forward slashes, and relative to
	// workspace when p is absolute and inside it: /ws/calc.go, calc.go,
	// ./calc.go and sub/../calc.go all give calc.go.
	// See "Exercise 2" in README.md; for hints: go run ply/cmd/lab hint day05 2
	return ""
}
