package approval

import (
	"os"
	"path"
	"path/filepath"
	"strings"
)

// leavesWorkspace reports whether an argument names a path outside the
// workspace, the path taken relative to dir: an absolute path elsewhere,
// one that climbs out with "..", one in the home directory ("~"), one that
// a symbolic link on its way leads out, or one in /proc, /sys or /dev,
// whose files are the machine's and the processes' own (/proc/self/environ
// holds ply's environment, the API key too). The value of an option
// counts too: --file=/etc/passwd, and -f/etc/passwd.
//
// The gate looks when it judges the command, and looks again as each
// command is about to run, with its words as the shell expanded them:
// cat keys/id_ed25519, with keys a link to ~/.ssh, is refused both times,
// and cat k* is refused when it runs.
func (c *checker) leavesWorkspace(dir, arg string) bool {
	if option, value, ok := strings.Cut(arg, "="); ok && strings.HasPrefix(option, "-") {
		return c.pathLeaves(dir, value)
	}
	if len(arg) > 2 && arg[0] == '-' && arg[1] != '-' {
		// A short option with its value glued on, after any others in
		// its bundle: -f/etc/passwd, and -nfkeys/id for -n -f keys/id.
		for i := 2; i < len(arg); i++ {
			if c.pathLeaves(dir, arg[i:]) {
				return true
			}
		}
	}
	return c.pathLeaves(dir, arg)
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

// pathLeaves reports whether the path p, relative to dir, leads out of the
// workspace: by its name, or where its links lead.
func (c *checker) pathLeaves(dir, p string) bool {
	switch {
	case p == os.DevNull:
		return false
	case strings.HasPrefix(p, "~"):
		return true
	case !path.IsAbs(p) && (path.Clean(p) == ".." || strings.HasPrefix(path.Clean(p), "../")):
		return true
	case !path.IsAbs(p) && dir == "":
		return false // nothing to resolve against: the name stays inside
	}
	abs := absolute(dir, p)
	return !c.inWorkspace(path.Clean(abs)) || systemPath(path.Clean(abs)) || c.resolvesOut(abs)
}

// resolvesOut reports whether abs, an absolute path as written, leads
// out of the workspace once its links are followed.
func (c *checker) resolvesOut(abs string) bool {
	real := realPath(abs)
	return !c.inWorkspace(real) || systemPath(real)
}

// systemPath reports whether the clean absolute path p is in /proc, /sys
// or /dev: out of bounds even for a workspace that holds them (ply -C /).
func systemPath(p string) bool {
	for _, dir := range []string{"/proc", "/sys", "/dev"} {
		if p == dir || strings.HasPrefix(p, dir+"/") {
			return p != os.DevNull
		}
	}
	return false
}

// inWorkspace reports whether the absolute path p is the workspace or in
// it, by name: the workspace's name as given, or with its own links
// followed.
func (c *checker) inWorkspace(p string) bool {
	for _, ws := range []string{c.workspace, c.realWorkspace} {
		if ws == "" {
			continue
		}
		if rel, err := filepath.Rel(ws, filepath.FromSlash(p)); err == nil && filepath.IsLocal(rel) {
			return true
		}
	}
	return false
}

// programInWorkspace returns why the program name, found at path, may not
// run, or "": a name without a slash that PATH finds in the workspace (a
// PATH that holds "." or a folder of the project) is a file the model may
// have written, not the system's command the rule names.
func (c *checker) programInWorkspace(name, path string) string {
	if strings.Contains(name, "/") || !c.inWorkspace(realPath(path)) {
		return ""
	}
	return short(name) + " is found in the workspace, at " + short(path) + ", where the model can write"
}

// judgeOpen returns why a redirection may not open p, relative to dir,
// with flag, or "": only reading, and only a file in the workspace, with
// /dev/null the one file to write to. It is judgeRedirect again, as the
// file is opened.
func (c *checker) judgeOpen(dir, p string, flag int) string {
	const writes = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREATE | os.O_TRUNC
	switch {
	case p == os.DevNull:
		return ""
	case flag&writes != 0:
		return "> " + short(p) + " writes to a file"
	case c.pathLeaves(dir, p):
		return "< " + short(p) + " reads outside the workspace"
	}
	return ""
}

// realPath returns abs with every symbolic link on its way followed, as
// the system would: for a path that does not exist, the longest part of
// it that does, and the rest as written. It looks going down, one look
// per part, and stops at the first part that is missing, so a path costs
// time in proportion to its length. (tools has the same walk for its own
// paths; the gate cannot import tools, which imports it.)
func realPath(abs string) string {
	exists, rest := "/", strings.TrimPrefix(abs, "/")
	for rest != "" {
		part, after, _ := strings.Cut(rest, "/")
		if part == "" {
			rest = after // a doubled slash
			continue
		}
		// Joined as written, never cleaned: after a link, the system
		// decides where .. leads, and path.Join would decide otherwise.
		next := strings.TrimSuffix(exists, "/") + "/" + part
		if _, err := os.Stat(next); err != nil {
			break
		}
		exists, rest = next, after
	}
	real, err := filepath.EvalSymlinks(exists)
	if err != nil {
		return path.Clean(abs)
	}
	return path.Join(filepath.ToSlash(real), rest)
}
