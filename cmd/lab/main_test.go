package main

import (
	"crypto/sha256"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"

	"ply/internal/lab"
)

// TestMain lets the test binary stand in for the command: scripts run
// "exec lab".
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){"lab": main})
}

// TestScripts runs every script in testdata/script against the command,
// each in a copy of the test course, testdata/course at the repository's
// root. Run one with go test -run TestScripts/status.
func TestScripts(t *testing.T) {
	env := goEnv(t, "GOCACHE", "GOMODCACHE", "GOPATH")
	cache, err := os.UserCacheDir()
	if err != nil {
		t.Fatal(err)
	}
	// The scripts work in the same folders each run, emptied first, so
	// that the test course they build is where it was last time, and Go's
	// caches and the lab's build folders (see lab.BuildDir) find it built.
	// Two runs of these tests at once would share them, so don't.
	root, err := lab.BuildDir("cmd/lab scripts")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(root); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{
		Dir:         "testdata/script",
		WorkdirRoot: root,
		Setup: func(e *testscript.Env) error {
			for name, value := range env {
				e.Setenv(name, value)
			}
			e.Setenv("XDG_CACHE_HOME", cache)
			// The course's days build on their own: nothing to fetch.
			e.Setenv("GOPROXY", "off")
			e.Setenv("GOTOOLCHAIN", "local")
			e.Setenv("HOME", filepath.Join(e.WorkDir, "home"))
			return copyCourse(filepath.Join("..", "..", "testdata", "course"), e.WorkDir)
		},
		Cmds:                scriptCmds,
		RequireExplicitExec: true,
		RequireUniqueNames:  true,
	})
}

// goEnv returns the go command's settings of the variables names, which a
// script's near-empty environment would lose.
func goEnv(t *testing.T, names ...string) map[string]string {
	out, err := exec.Command("go", append([]string{"env"}, names...)...).Output()
	if err != nil {
		t.Fatalf("go env: %v", err)
	}
	values := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	env := map[string]string{}
	for i, name := range names {
		env[name] = values[i]
	}
	return env
}

// copyCourse copies the test course into dir.
func copyCourse(from, to string) error {
	return filepath.WalkDir(from, func(name string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, err := filepath.Rel(from, name)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(name)
		if err != nil {
			return err
		}
		target := filepath.Join(to, rel)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
}

// scriptCmds are the custom script commands, sorted by name.
var scriptCmds = map[string]func(ts *testscript.TestScript, neg bool, args []string){
	"cmpglob":  cmpglob,
	"treesum":  treesum,
	"waitfile": waitfile,
}

// treesum writes to a file one line for each file and folder under a
// folder: its path, mode, modification time, size and content's digest,
// so that cmp can tell whether anything under it changed.
// usage: treesum dir file
func treesum(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: treesum dir file")
	}
	var lines []string
	root := ts.MkAbs(args[0])
	err := filepath.WalkDir(root, func(name string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, name)
		sum := ""
		if info.Mode().IsRegular() {
			data, err := os.ReadFile(name)
			if err != nil {
				return err
			}
			sum = fmt.Sprintf("%x", sha256.Sum256(data))
		}
		lines = append(lines, fmt.Sprintf("%s %v %d %d %s", rel, info.Mode(), info.ModTime().UnixNano(), info.Size(), sum))
		return nil
	})
	ts.Check(err)
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), []byte(strings.Join(lines, "\n")+"\n"), 0o644))
}

// cmpglob compares the one file that matches a pattern with another file.
// usage: cmpglob pattern file
func cmpglob(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: cmpglob pattern file")
	}
	matches, err := filepath.Glob(ts.MkAbs(args[0]))
	ts.Check(err)
	if len(matches) != 1 {
		ts.Fatalf("%s matches %d files, want 1: %q", args[0], len(matches), matches)
	}
	got, want := ts.ReadFile(matches[0]), ts.ReadFile(args[1])
	if got != want {
		ts.Fatalf("%s differs from %s:\n%s\nwant\n%s", matches[0], args[1], got, want)
	}
}

// waitfile waits until a file holds a number at least n, as watch -ready
// writes after each run, and fails after a deadline.
// usage: waitfile file n
func waitfile(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: waitfile file n")
	}
	want, err := strconv.Atoi(args[1])
	ts.Check(err)
	// Another process writes the file: polling it is all there is.
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	deadline := time.After(2 * time.Minute)
	for {
		data, err := os.ReadFile(ts.MkAbs(args[0]))
		if n, _ := strconv.Atoi(strings.TrimSpace(string(data))); err == nil && n >= want {
			return
		}
		select {
		case <-tick.C:
		case <-deadline:
			ts.Fatalf("%s did not reach %d within two minutes", args[0], want)
		}
	}
}
