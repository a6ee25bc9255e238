package sandbox

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
)

// Access is what a rule lets a confined command do with the files under
// its path.
type Access uint8

const (
	Read    Access = 1 << iota // open files to read them, list folders
	Write                      // create, change, truncate, rename and remove files and folders
	Execute                    // start a program
)

// Rule gives access to a path: to the file, or to a folder and everything
// under it, however deep.
type Rule struct {
	Path   string
	Access Access
}

// Policy is what a confined command may do: the rules, and whether it may
// open TCP connections. Everything else is refused by the kernel, to the
// command and to every process it starts.
type Policy struct {
	Name    string // what the user and the model read: "workspace-write"
	Rules   []Rule
	Network bool // TCP connections, to any address, and listening
}

// Places are the folders ply's policies are made of, found once when ply
// starts. The home folder is never among them, nor the state ply keeps:
// only the caches and settings files named here, which may lie in it. A
// policy reads only what it names, so what is left out stays out.
type Places struct {
	Workspace string   // the project: every command reads it, an approved one writes it
	System    []string // the machine's programs, their libraries and data: read, and run
	Devices   []string // /dev/null and its kind: read and written, never listed
	Caches    []string // build caches outside the project, such as Go's: an approved command writes them
	Settings  []string // files of the user's settings an approved command's tools cannot start without: git's
	Read      []string // more folders an approved command reads and runs programs from (--sandbox-read)
	Write     []string // more folders an approved command writes (--sandbox-write)
	Network   bool     // an approved command may open TCP connections (--sandbox-net)
}

// WorkspaceWrite is the policy of a command a human approved: it reads
// and runs what the machine's programs need, and writes the workspace, its
// own temporary folder temp (its TMPDIR) and the build caches. Without
// Network, it opens no TCP connection: a command that downloads says so
// as it fails, and the user can allow it.
func (pl Places) WorkspaceWrite(temp string) Policy {
	p := Policy{Name: "workspace-write", Network: pl.Network}
	all := Read | Write | Execute
	p.Rules = append(p.Rules, Rule{pl.Workspace, all}, Rule{temp, all})
	p.Rules = append(p.Rules, each(pl.System, Read|Execute)...)
	p.Rules = append(p.Rules, each(pl.Devices, Read|Write)...)
	p.Rules = append(p.Rules, each(pl.Caches, Read|Write)...)
	p.Rules = append(p.Rules, each(pl.Settings, Read)...)
	p.Rules = append(p.Rules, each(pl.Read, Read|Execute)...)
	p.Rules = append(p.Rules, each(pl.Write, all)...)
	return p
}

// Default returns DefaultPlaces(workspace), or nil when this machine
// cannot confine commands to them (see Check). The self-check and the
// tests run commands with it as ply runs them here; ply itself adds its
// flags' folders, and says why there is no sandbox.
func Default(workspace string) *Places {
	pl := DefaultPlaces(workspace)
	if pl.Check() != nil {
		return nil
	}
	return &pl
}

// Check returns nil when this machine can confine commands to the
// policies of pl, and otherwise why not. PLY_SANDBOX=off in the
// environment says it cannot: to try a command the sandbox refuses, and
// for the tests of ply without a sandbox.
func (pl Places) Check() error {
	if os.Getenv("PLY_SANDBOX") == "off" {
		return errors.New("PLY_SANDBOX=off")
	}
	if err := Supported(pl.WorkspaceWrite(os.TempDir())); err != nil {
		return err
	}
	return Supported(pl.ReadOnly(nil))
}

// ReadOnly is the policy of a command the approval gate allowed without
// asking: it reads the workspace and what the machine's programs need,
// writes nothing but to the devices, opens no connection, and may start
// only programs, the files the gate judged it would run. Nothing a
// command allowed without asking does can change a file, read the home
// folder or another process, or start a program no one judged, such as
// one that a repository's configuration names for git to run.
func (pl Places) ReadOnly(programs []string) Policy {
	// TODO(lab 6): Read the workspace and the system, read and write the
	// devices, read and run each of programs; nothing else: no write, no other
	// program, no network.
	// See "Exercise 6" in README.md; for hints: go run ply/cmd/lab hint day05 6
	return Policy{}
}

// each gives every path the same access.
func each(paths []string, access Access) []Rule {
	rules := make([]Rule, len(paths))
	for i, p := range paths {
		rules[i] = Rule{p, access}
	}
	return rules
}

// DefaultPlaces returns the places of a workspace, an absolute path, on
// this machine: the system's folders, and the caches and settings that
// the environment and the home folder point to.
func DefaultPlaces(workspace string) Places {
	return Places{
		Workspace: workspace,
		System:    systemFolders,
		Devices:   devices,
		Caches:    goCaches(),
		Settings:  gitSettings(),
	}
}

// devices are the files of /dev a command may need: input that is empty
// or endless, and a place to throw output away. A terminal is not among
// them: ply runs commands without one.
var devices = []string{"/dev/null", "/dev/zero", "/dev/full", "/dev/random", "/dev/urandom"}

// goCaches returns Go's build cache and module cache, where go build and
// go test keep what they compiled and downloaded: without them, every go
// test of the project would build the standard library again. They are
// found as the go command finds them: GOCACHE, else the user's cache
// folder; GOMODCACHE, else the first folder of GOPATH, else ~/go.
func goCaches() []string {
	var caches []string
	if c := os.Getenv("GOCACHE"); filepath.IsAbs(c) {
		caches = append(caches, c)
	} else if dir, err := os.UserCacheDir(); err == nil && c != "off" {
		caches = append(caches, filepath.Join(dir, "go-build"))
	}
	if m := os.Getenv("GOMODCACHE"); filepath.IsAbs(m) {
		caches = append(caches, m)
	} else if gopath, _, _ := strings.Cut(os.Getenv("GOPATH"), string(os.PathListSeparator)); filepath.IsAbs(gopath) {
		caches = append(caches, filepath.Join(gopath, "pkg", "mod"))
	} else if home, err := os.UserHomeDir(); err == nil {
		caches = append(caches, filepath.Join(home, "go", "pkg", "mod"))
	}
	return caches
}

// gitSettings returns the files of git's own settings in the home folder:
// git refuses to start when it cannot read one that is there, and a
// commit takes the author's name from it. A file with a token in it is
// the user's to keep elsewhere: git's credentials file is not among these.
func gitSettings() []string {
	home, err := os.UserHomeDir()
	if err != nil {
		return nil
	}
	config := os.Getenv("XDG_CONFIG_HOME")
	if !filepath.IsAbs(config) {
		config = filepath.Join(home, ".config")
	}
	return []string{filepath.Join(home, ".gitconfig"), filepath.Join(config, "git", "config")}
}
