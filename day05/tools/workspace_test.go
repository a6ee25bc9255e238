package tools

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// tree makes a workspace holding files (path → content) inside a temporary
// directory, beside a file secret.txt that is outside it.
func tree(t testing.TB, files map[string]string) *Workspace {
	t.Helper()
	top := t.TempDir()
	dir := filepath.Join(top, "ws")
	write(t, filepath.Join(top, "secret.txt"), "the launch codes\n")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, content := range files {
		write(t, filepath.Join(dir, filepath.FromSlash(name)), content)
	}
	ws, err := NewWorkspace(dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ws.Close() })
	return ws
}

// write creates a file and the directories above it.
func write(t testing.TB, path, content string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
}

// symlink makes a symbolic link, or skips the test where there are none.
func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("no symbolic links here: %v", err)
	}
}

func TestResolve(t *testing.T) {
	ws := tree(t, map[string]string{"a/b.go": "package a\n", "..notes.txt": "a name that starts with two dots\n"})
	secret := filepath.Join(filepath.Dir(ws.Dir()), "secret.txt")
	sibling := ws.Dir() + "2" // a directory whose name starts with the workspace's
	tests := []struct {
		path    string
		want    string
		outside bool
	}{
		{"a/b.go", "a/b.go", false},
		{"", ".", false},
		{".", ".", false},
		{"./a/", "a", false},
		{"a/../a/b.go", "a/b.go", false},
		{filepath.Join(ws.Dir(), "a", "b.go"), "a/b.go", false},
		{"not/yet/there.go", "not/yet/there.go", false},
		{"..", "", true},
		{"../secret.txt", "", true},
		{"a/../../secret.txt", "", true},
		{secret, "", true},
		{filepath.Dir(ws.Dir()), "", true},
		{"..notes.txt", "..notes.txt", false},
		{sibling, "", true},
		{filepath.Join(sibling, "x.go"), "", true},
		{"../" + filepath.Base(sibling) + "/x.go", "", true},
	}
	for _, tt := range tests {
		got, err := ws.Resolve(tt.path)
		if got != tt.want || errors.Is(err, ErrOutside) != tt.outside {
			t.Errorf("Resolve(%q) = %q, %v; want %q, outside=%v (see day03's exercise 2)", tt.path, got, err, tt.want, tt.outside)
		}
	}
}

func TestResolveSymlinks(t *testing.T) {
	ws := tree(t, map[string]string{"real/file.go": "package real\n"})
	outside := filepath.Dir(ws.Dir())
	symlink(t, filepath.Join(outside, "secret.txt"), filepath.Join(ws.Dir(), "innocent.txt"))
	symlink(t, outside, filepath.Join(ws.Dir(), "door"))
	symlink(t, "real", filepath.Join(ws.Dir(), "alias"))
	tests := []struct {
		path    string
		outside bool
	}{
		{"innocent.txt", true},
		{"door", true},
		{"door/secret.txt", true},
		{"door/not-there-yet.txt", true},
		{"alias/file.go", false}, // a link that stays inside is fine
	}
	for _, tt := range tests {
		if _, err := ws.Resolve(tt.path); errors.Is(err, ErrOutside) != tt.outside {
			t.Errorf("Resolve(%q): error %v, want outside=%v", tt.path, err, tt.outside)
		}
	}
}

// TestRootHoldsOnItsOwn checks the second wall: even a path that got past
// Resolve cannot be opened through a link that leads out.
func TestRootHoldsOnItsOwn(t *testing.T) {
	ws := tree(t, nil)
	symlink(t, filepath.Join(filepath.Dir(ws.Dir()), "secret.txt"), filepath.Join(ws.Dir(), "innocent.txt"))
	if _, err := ws.FS().Open("innocent.txt"); err == nil {
		t.Error("opening a link that leads out through FS worked; want os.Root to refuse it")
	}
}

func TestNewWorkspaceMissing(t *testing.T) {
	if _, err := NewWorkspace(filepath.Join(t.TempDir(), "nope")); err == nil {
		t.Error("NewWorkspace of a missing directory gave no error")
	}
}

// TestResolveRefusesOddPaths checks the paths Resolve refuses before it
// looks at the disk: too long to be opened, or holding a NUL byte.
func TestResolveRefusesOddPaths(t *testing.T) {
	ws := tree(t, nil)
	longest := strings.Repeat("a/", maxPathLen/2) // maxPathLen bytes
	tests := []struct {
		path string
		want string // the error, or "" for none
	}{
		{longest, ""},
		{longest + "b", "the path is 4097 bytes long; a path can be at most 4096"},
		{strings.Repeat("../", 30_000) + "etc/passwd", "the path is 90010 bytes long; a path can be at most 4096"},
		{"a\x00b", `"a\x00b" holds a NUL byte, which no path can`},
		{"calc.go\x00../../secret.txt", `"calc.go\x00../../secret.txt" holds a NUL byte, which no path can`},
	}
	for _, tt := range tests {
		_, err := ws.Resolve(tt.path)
		if got := fmt.Sprint(err); (err == nil) != (tt.want == "") || (err != nil && got != tt.want) {
			t.Errorf("Resolve(%.40q…): error %v, want %q", tt.path, err, tt.want)
		}
	}
}

// TestRealPath checks that realPath resolves the part of a path that
// exists and keeps the rest as written, whatever the depth.
func TestRealPath(t *testing.T) {
	ws := tree(t, map[string]string{"a/b/file.txt": "x"})
	symlink(t, "a/b", filepath.Join(ws.Dir(), "link"))
	symlink(t, "nowhere", filepath.Join(ws.Dir(), "dangling"))
	deep := strings.Repeat("d/", 300)
	if err := os.MkdirAll(filepath.Join(ws.Dir(), deep), 0o755); err != nil {
		t.Fatal(err)
	}
	tests := []struct{ path, want string }{
		{"", ""},
		{"a/b/file.txt", "a/b/file.txt"},
		{"link/file.txt", "a/b/file.txt"},
		{"link/new/deeper.txt", "a/b/new/deeper.txt"},
		{"a/b/file.txt/under-a-file", "a/b/file.txt/under-a-file"},
		{"dangling/x", "dangling/x"},
		{deep + "x/y", deep + "x/y"},
	}
	for _, tt := range tests {
		abs := filepath.Join(ws.Dir(), filepath.FromSlash(tt.path))
		want := filepath.Join(ws.Dir(), filepath.FromSlash(tt.want))
		if got := realPath(abs); got != want {
			t.Errorf("realPath(%.60q…) = %.60q…, want %.60q…", abs, got, want)
		}
	}
	if got := realPath(string(filepath.Separator)); got != string(filepath.Separator) {
		t.Errorf("realPath of the root = %q, want the root", got)
	}
}
