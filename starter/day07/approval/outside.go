package approval

import (
	"path"
	"path/filepath"
	"strings"
)

// leavesWorkspace reports whether an argument names, by its words, a path
// outside the workspace: an absolute path elsewhere, one that climbs out
// with "..", or one in the home directory ("~"). The value of an option
// counts too: --file=/etc/passwd, and -f/etc/passwd.
//
// This is a courtesy, not a wall. The gate is about running code and
// writing files; an allowed command may read what the user can read. A
// symbolic link inside the workspace that points out gets past this
// check, and so does a path a command finds by itself (grep -r through a
// link). It stops the plain case, cat ~/.ssh/id_ed25519, from reaching
// the model without the human seeing it.
func (c *checker) leavesWorkspace(arg string) bool {
	if option, value, ok := strings.Cut(arg, "="); ok && strings.HasPrefix(option, "-") {
		return c.pathLeaves(value)
	}
	if len(arg) > 2 && arg[0] == '-' && arg[1] != '-' && c.pathLeaves(arg[2:]) {
		return true // -f/etc/passwd: a short option with its value glued on
	}
	return c.pathLeaves(arg)
}

// mayLeave reports whether the shell may turn value, an argument with a
// glob or a brace in it, into a path outside the workspace that its text
// does not show. A brace can spell one: {/etc,x}/passwd, {..,x}/secret.
// A glob in a name that starts with "." or "[" can match "..": sh finds
// .. in every directory, so .*/x reads ../x. A glob that starts with * or
// ? never matches a name that starts with a dot, so *.go stays inside.
func mayLeave(value string) bool {
	if strings.Contains(value, "{") && strings.ContainsAny(value, "./~") {
		return true
	}
	for name := range strings.SplitSeq(value, "/") {
		if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "[") {
			if strings.ContainsAny(name, "*?[") {
				return true
			}
		}
	}
	return false
}

// pathLeaves reports whether the path p leads out of the workspace by its
// name.
func (c *checker) pathLeaves(p string) bool {
	switch {
	case strings.HasPrefix(p, "~"):
		return true
	case path.IsAbs(p):
		return p != "/dev/null" && !c.inWorkspace(p)
	}
	clean := path.Clean(p)
	return clean == ".." || strings.HasPrefix(clean, "../")
}

// inWorkspace reports whether the absolute path p is the workspace or in
// it, by name.
func (c *checker) inWorkspace(p string) bool {
	if c.workspace == "" {
		return false
	}
	rel, err := filepath.Rel(c.workspace, filepath.FromSlash(p))
	return err == nil && filepath.IsLocal(rel)
}
