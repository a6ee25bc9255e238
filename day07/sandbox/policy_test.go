package sandbox

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// under reports whether path is dir or lies under it.
func under(path, dir string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && filepath.IsLocal(rel)
}

// accessOf returns what p lets a command do with path: the accesses of
// every rule whose path holds it.
func accessOf(p Policy, path string) Access {
	var a Access
	for _, r := range p.Rules {
		if under(path, r.Path) {
			a |= r.Access
		}
	}
	return a
}

// testPlaces are the places of a workspace in a fresh folder, with the
// system's folders and devices, and a home folder beside the workspace
// that no rule may reach.
func testPlaces(t *testing.T) (pl Places, home string) {
	t.Helper()
	top := t.TempDir()
	pl = Places{Workspace: filepath.Join(top, "ws"), System: systemFolders, Devices: devices}
	return pl, filepath.Join(top, "home")
}

func TestWorkspaceWrite(t *testing.T) {
	pl, home := testPlaces(t)
	pl.Caches = []string{filepath.Join(home, ".cache", "go-build")}
	temp := filepath.Join(filepath.Dir(pl.Workspace), "tmp")
	p := pl.WorkspaceWrite(temp)
	tests := []struct {
		name string
		path string
		want Access
	}{
		{"the workspace", filepath.Join(pl.Workspace, "calc.go"), Read | Write | Execute},
		{"the command's own temporary folder", filepath.Join(temp, "x"), Read | Write | Execute},
		{"the system's programs", "/usr/bin/git", Read | Execute},
		{"the null device", "/dev/null", Read | Write},
		{"Go's build cache", filepath.Join(home, ".cache", "go-build", "00"), Read | Write},
		{"the home folder", filepath.Join(home, ".ssh", "id_ed25519"), 0},
		{"another process", "/proc/1/environ", 0},
		{"the machine's password hashes", "/etc/shadow", 0},
		{"another temporary folder", filepath.Join(filepath.Dir(temp), "other", "x"), 0},
		{"the root", "/", 0},
	}
	for _, tt := range tests {
		if got := accessOf(p, tt.path); got != tt.want {
			t.Errorf("%s, %s: the policy gives access %03b, want %03b", tt.name, tt.path, got, tt.want)
		}
	}
	if p.Network {
		t.Error("the policy lets commands connect, though Places.Network is false")
	}
	pl.Network = true
	if !pl.WorkspaceWrite(temp).Network {
		t.Error("the policy forbids the network, though Places.Network is true (--sandbox-net)")
	}
}

func TestDefaultPlacesKeepHomeOut(t *testing.T) {
	home, err := os.UserHomeDir()
	if err != nil {
		t.Skip("no home folder:", err)
	}
	pl := DefaultPlaces(t.TempDir())
	for _, r := range pl.WorkspaceWrite(t.TempDir()).Rules {
		if under(home, r.Path) {
			t.Errorf("the rule for %s opens the whole home folder %s", r.Path, home)
		}
		if strings.HasPrefix(r.Path, "/proc") || strings.HasPrefix(r.Path, "/sys") {
			t.Errorf("the rule for %s opens the processes or the kernel's files", r.Path)
		}
	}
}

func TestGoCaches(t *testing.T) {
	t.Setenv("GOCACHE", "/caches/build")
	t.Setenv("GOMODCACHE", "")
	t.Setenv("GOPATH", "/gopath/one"+string(os.PathListSeparator)+"/gopath/two")
	got := goCaches()
	want := []string{"/caches/build", filepath.Join("/gopath/one", "pkg", "mod")}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("goCaches() = %q, want %q: GOCACHE as it is, and the module cache in GOPATH's first folder", got, want)
	}
	t.Setenv("GOCACHE", "off")
	t.Setenv("GOMODCACHE", "/caches/mod")
	if got := goCaches(); len(got) != 1 || got[0] != "/caches/mod" {
		t.Errorf("with GOCACHE=off, goCaches() = %q, want only GOMODCACHE", got)
	}
}

func TestReadOnly(t *testing.T) {
	pl, home := testPlaces(t)
	pl.Caches = []string{filepath.Join(home, ".cache", "go-build")}
	pl.Settings = []string{filepath.Join(home, ".gitconfig")}
	pl.Read, pl.Write, pl.Network = []string{"/opt/sdk"}, []string{"/srv"}, true
	p := pl.ReadOnly([]string{"/usr/bin/git"})
	tests := []struct {
		name string
		path string
		want Access
	}{
		{"the workspace", filepath.Join(pl.Workspace, "calc.go"), Read},
		{"the workspace's git index", filepath.Join(pl.Workspace, ".git", "index"), Read},
		{"the system's files", "/usr/share/zoneinfo/UTC", Read},
		{"a program the gate judged", "/usr/bin/git", Read | Execute},
		{"a program it did not judge", "/usr/bin/sh", Read},
		{"the null device", "/dev/null", Read | Write},
		{"Go's build cache", filepath.Join(home, ".cache", "go-build", "00"), 0},
		{"git's settings in the home folder", filepath.Join(home, ".gitconfig"), 0},
		{"the home folder", filepath.Join(home, ".ssh", "id_ed25519"), 0},
		{"a folder --sandbox-read gave approved commands", "/opt/sdk/bin/tool", 0},
		{"a folder --sandbox-write gave approved commands", "/srv/data", 0},
		{"another process", "/proc/1/environ", 0},
		{"the root", "/", 0},
	}
	for _, tt := range tests {
		if got := accessOf(p, tt.path); got != tt.want {
			t.Errorf("%s, %s: the read-only policy gives access %03b, want %03b", tt.name, tt.path, got, tt.want)
		}
	}
	if p.Network {
		t.Error("the read-only policy lets commands connect, because Places.Network (--sandbox-net) is true: that is for approved commands")
	}
}
