package approval

import (
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/interp"
)

// The interpreter asks its handlers before it does anything that
// reaches outside itself: call runs before every simple command (a
// program, a builtin, a function), with its words expanded; exec starts a
// program; open opens the file of a redirection; readDir lists a
// directory for a glob. Each handler is where the gate looks again.

// call judges a simple command with the words it is about to run with,
// by judgeWords, the judge that allowed the tree. Builtins come here too,
// and only the few that change nothing pass (see plainBuiltins): cd, read,
// trap, eval and their kind would change what runs next, out of the
// gate's sight.
func (r *run) call(ctx context.Context, args []string) ([]string, error) {
	dir := interp.HandlerCtx(ctx).Dir
	if d := r.program.judge.judgeWords(dir, args, nil); d.Verdict != Allow {
		return nil, r.refuse(fmt.Sprintf("%s: %s", short(strings.Join(args, " ")), d.Reason))
	}
	return args, nil
}

// exec starts a program that call has let through. The program is found
// on the PATH of the tool's environment, not the command's, and not in
// the workspace: a rule names a command of the system, and a file of the
// same name that the model wrote is not it.
func (r *run) exec(ctx context.Context, args []string) error {
	hc := interp.HandlerCtx(ctx)
	path, err := r.lookPath(hc.Dir, args[0])
	if err != nil {
		fmt.Fprintf(hc.Stderr, "%s: %v\n", args[0], err)
		return interp.ExitStatus(127)
	}
	if why := r.program.judge.programInWorkspace(args[0], path); why != "" {
		return r.refuse(why)
	}
	cmd := &exec.Cmd{
		Path: path, Args: args, Dir: hc.Dir, Env: environment(args[0], r.host.Env, r.program.judge.workspace),
		Stdin: hc.Stdin, Stdout: hc.Stdout, Stderr: hc.Stderr,
	}
	status, err := r.host.Exec(ctx, cmd)
	if err != nil {
		fmt.Fprintf(hc.Stderr, "%s: %v\n", args[0], err)
		return interp.ExitStatus(126)
	}
	if status == 0 {
		return nil // the interpreter takes an exit status as an error, and 0 as none
	}
	return interp.ExitStatus(uint8(status))
}

// programInWorkspace returns why the program name, found at path, may not
// run, or "": a name without a slash that PATH finds in the workspace (a
// PATH that holds "." or a folder of the project) is a file the model may
// have written, not the system's command the rule names. The sandbox
// would not let it start in the read-only policy; a rule of the user's
// runs in the policy of an approved command, where the workspace's
// programs may run, and there this check is what stops it.
func (c *checker) programInWorkspace(name, path string) string {
	if strings.Contains(name, "/") {
		return ""
	}
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	if !c.inWorkspace(path) {
		return ""
	}
	return short(name) + " is found in the workspace, at " + short(path) + ", where the model can write"
}

// inWorkspace reports whether the absolute path p is the workspace or in
// it, by name: the workspace's name as given, or with its own links
// followed.
func (c *checker) inWorkspace(p string) bool {
	for _, ws := range []string{c.workspace, c.realWorkspace} {
		if ws == "" {
			continue
		}
		if rel, err := filepath.Rel(ws, p); err == nil && filepath.IsLocal(rel) {
			return true
		}
	}
	return false
}

// lookPath finds the program name as the shell would, on the PATH of the
// tool's environment.
func (r *run) lookPath(dir, name string) (string, error) {
	return interp.LookPathDir(dir, expand.ListEnviron(r.host.Env...), name)
}

// open opens the file of a redirection, when the gate lets it: any file
// for reading, /dev/null for anything. Which files can be read is the
// sandbox's to say, as it says it to every program. The file is opened
// without waiting: a named pipe put in its place since the gate looked
// would otherwise hold the run for ever.
func (r *run) open(ctx context.Context, path string, flag int, perm os.FileMode) (io.ReadWriteCloser, error) {
	const writes = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREATE | os.O_TRUNC
	switch {
	case path == os.DevNull:
		return os.OpenFile(path, flag, perm)
	case flag&writes != 0:
		return nil, r.refuse("> " + short(path) + " writes to a file")
	}
	dir := interp.HandlerCtx(ctx).Dir
	f, err := os.OpenFile(absolute(dir, path), os.O_RDONLY|noWait, 0)
	if err != nil {
		return nil, err
	}
	if info, err := f.Stat(); err != nil || !info.Mode().IsRegular() {
		f.Close()
		return nil, r.refuse(fmt.Sprintf("< %s is not a regular file", short(path)))
	}
	return f, nil
}

// readDir lists a directory for a glob. A glob is worked out in the
// interpreter itself, which looks at no deadline while it does: */*/*/* in
// a tree of millions of files is stopped here, by the run's context, when
// the command's time is up.
func (r *run) readDir(ctx context.Context, path string) ([]fs.DirEntry, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	return os.ReadDir(absolute(interp.HandlerCtx(ctx).Dir, path))
}

// absolute returns path, relative to dir, as an absolute path, as it is
// written: a link in it and the ".." after it are left for the system.
func absolute(dir, path string) string {
	if filepath.IsAbs(path) {
		return path
	}
	return dir + string(filepath.Separator) + path
}
