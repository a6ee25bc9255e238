package approval

import (
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"ply/day06/llm"
)

// Tool is what the gate asks of a tool: whether it only looks. Every
// tools.Tool answers it. The gate takes the answer from the tool itself,
// not from a list of names, so a new read-only tool needs no change here,
// and a tool that writes cannot be let through by a name that looks safe.
type Tool interface {
	ReadOnly() bool
}

// Gate is consulted before every tool call, and decides whether it runs:
// allow, deny or ask. A read-only tool is allowed. A command is judged by
// CheckCommand under the gate's rules. A write asks. An earlier "always"
// turns an ask into an allow; nothing turns a deny into anything else.
//
// A Gate is not safe for concurrent use: the agent runs one call at a
// time.
type Gate struct {
	rules      []Rule
	workspace  string // absolute; paths in it are not outside
	grants     Grants
	shell      bool // commands run in a POSIX shell, which the gate can read
	unconfined bool // no sandbox holds the commands: every one asks
}

// New returns a gate for the workspace directory (absolute) with rules,
// usually DefaultRules plus the --allow flags, and no grants.
func New(workspace string, rules []Rule) *Gate {
	return &Gate{rules: rules, workspace: workspace, shell: runtime.GOOS != "windows"}
}

// Unconfined tells the gate that no sandbox holds the commands it lets
// run: then every command asks. The rules only say which programs start,
// and the sandbox keeps what they do inside the workspace; without it,
// the program the rules allow can read the user's keys, and no command
// runs without a human's yes.
func (g *Gate) Unconfined() { g.unconfined = true }

// Grants returns the session's "always" answers, for /grants, /revoke and
// saving with the session.
func (g *Gate) Grants() *Grants { return &g.grants }

// Check decides about call, a call of tool; tool is nil when no tool has
// the call's name. It never fails: arguments it cannot read are refused,
// with a reason. The reason of a refusal is what the model reads as the
// call's result, so it starts with "denied".
func (g *Gate) Check(tool Tool, call llm.ToolCall) Decision {
	switch {
	case tool == nil:
		return deny("denied: there is no tool %q", short(call.Name))
	case tool.ReadOnly():
		return allow("%s only reads", short(call.Name))
	}
	args, err := readArguments(call.Arguments)
	if err != nil {
		return deny("denied: the arguments cannot be read: %v", err)
	}
	d := g.judge(call.Name, args)
	switch d.Verdict {
	case Deny:
		d.Reason = "denied: " + d.Reason
	case Ask:
		d.Grant = grantKey(call.Name, args, g.workspace)
		if d.Grant != "" && g.grants.Has(d.Grant) {
			return allow("allowed by an earlier \"always\" (%s)", short(d.Grant))
		}
	}
	return d
}

// judge decides about a call of a tool that does more than read.
func (g *Gate) judge(name string, args arguments) Decision {
	switch {
	case name == "run_command" && !g.shell:
		return ask("on Windows the gate cannot read a command, so every command asks")
	case name == "run_command":
		d := CheckCommand(args.Command, g.rules, g.workspace)
		if d.Verdict == Allow && g.unconfined {
			return ask("there is no sandbox to hold commands here, so every command asks (%s)", d.Reason)
		}
		return d
	case (name == "write_file" || name == "edit_file") && args.Path == "":
		return deny("%s needs the path of the file it changes", name)
	case (name == "write_file" || name == "edit_file") && insideGit(args.Path):
		return ask("%s changes %s, one of git's own files: they can make git run programs", name, short(args.Path))
	case name == "write_file" || name == "edit_file":
		return ask("%s changes %s", name, short(workspacePath(args.Path, g.workspace)))
	}
	return ask("%s is not a read-only tool", short(name))
}

// insideGit reports whether p lies in a .git directory, where a config
// file or a hook can name a program that git status runs.
func insideGit(p string) bool {
	return slices.Contains(strings.Split(filepath.ToSlash(p), "/"), ".git")
}
