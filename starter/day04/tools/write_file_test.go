package tools

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeArgs writes write_file's arguments as the model would.
func writeArgs(path, content string) json.RawMessage {
	data, err := json.Marshal(writeFileArgs{Path: path, Content: content})
	if err != nil {
		panic(err)
	}
	return data
}

func TestWriteFile(t *testing.T) {
	ws := tree(t, map[string]string{"calc.go": "package calc\n"})
	tests := []struct {
		name, path, content string
		want                string
	}{
		{"a new file", "notes.txt", "one\ntwo\n", "created notes.txt: 2 lines, 8 bytes"},
		{"new directories", "a/b/c.txt", "x", "created a/b/c.txt: 1 line, 1 byte"},
		{"an existing file", "calc.go", "package calc // v2\n", "replaced calc.go: 1 line, 19 bytes"},
		{"an empty file", "empty", "", "created empty: 0 lines, 0 bytes"},
		{"an absolute path inside", filepath.Join(ws.Dir(), "abs.txt"), "x\n", "created abs.txt: 1 line, 2 bytes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := WriteFile{ws}.Run(context.Background(), writeArgs(tt.path, tt.content))
			if err != nil || got != tt.want {
				t.Fatalf("write_file %s = %q, %v; want %q", tt.path, got, err, tt.want)
			}
			data, err := os.ReadFile(filepath.Join(ws.Dir(), strings.TrimPrefix(tt.path, ws.Dir())))
			if err != nil || string(data) != tt.content {
				t.Errorf("%s holds %q, %v; want %q", tt.path, data, err, tt.content)
			}
		})
	}
	entries, _ := os.ReadDir(ws.Dir())
	for _, e := range entries {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("a temporary file is left behind: %s", e.Name())
		}
	}
}

func TestWriteFileRefuses(t *testing.T) {
	tests := []struct{ name, path, content, want string }{
		{"no path", "", "x", "path is required"},
		{"the workspace itself", ".", "x", ". is the workspace itself, not a file"},
		{"a directory", "sub", "x", "sub is a directory, not a regular file"},
		{"a NUL byte", "a\x00b", "x", `"a\x00b": a path cannot hold a NUL byte`},
		{"too big", "big.txt", strings.Repeat("x", maxWriteSize+1), "the content is 10485761 bytes, more than write_file writes (10 MiB)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ws := tree(t, map[string]string{"sub/keep.txt": "keep\n"})
			got, err := WriteFile{ws}.Run(context.Background(), writeArgs(tt.path, tt.content))
			if err == nil || err.Error() != tt.want {
				t.Errorf("write_file %q = %q, %v; want the error %q", tt.path, got, err, tt.want)
			}
		})
	}
}

// writeTools runs each write tool the same way: write path, the file
// being there already, with the text "changed".
var writeTools = []struct {
	name string
	run  func(ws *Workspace, path string) (string, error)
}{
	{"write_file", func(ws *Workspace, path string) (string, error) {
		return WriteFile{ws}.Run(context.Background(), writeArgs(path, "changed\n"))
	}},
	{"edit_file", func(ws *Workspace, path string) (string, error) {
		return EditFile{ws}.Run(context.Background(), editArgs(path, "the launch codes", "changed", false))
	}},
}

// TestWriteToolsStayInside tries both write tools on every way out of the
// workspace. Each is refused with ErrOutside, the secret beside the
// workspace is unchanged, and no link is replaced by a file.
func TestWriteToolsStayInside(t *testing.T) {
	tests := []struct {
		name  string
		links map[string]string // link → target, made inside the workspace
		path  string            // what the model asks to write; "SECRET" is the secret's absolute path
	}{
		{"dot dot", nil, "../secret.txt"},
		{"dot dot deeper", nil, "sub/../../secret.txt"},
		{"absolute elsewhere", nil, "SECRET"},
		{"a link to a file outside", map[string]string{"innocent.txt": "../secret.txt"}, "innocent.txt"},
		{"a link inside that points out by an absolute path", map[string]string{"abs.txt": "SECRET"}, "abs.txt"},
		{"a linked directory outside", map[string]string{"door": ".."}, "door/secret.txt"},
		{"a new file behind a linked directory outside", map[string]string{"door": ".."}, "door/new.txt"},
		{"a link to a link that points out", map[string]string{"a.txt": "b.txt", "b.txt": "../secret.txt"}, "a.txt"},
		{"a link out to a file not there yet", map[string]string{"later.txt": "../later.txt"}, "later.txt"},
		{"a link through a linked parent", map[string]string{"sub/up": "../.."}, "sub/up/secret.txt"},
	}
	for _, tool := range writeTools {
		for _, tt := range tests {
			t.Run(tool.name+"/"+tt.name, func(t *testing.T) {
				ws := tree(t, map[string]string{"sub/keep.txt": "keep\n"})
				secret := filepath.Join(filepath.Dir(ws.Dir()), "secret.txt")
				for link, target := range tt.links {
					symlink(t, strings.ReplaceAll(target, "SECRET", secret), filepath.Join(ws.Dir(), link))
				}
				path := strings.ReplaceAll(tt.path, "SECRET", secret)
				got, err := tool.run(ws, path)
				if !errors.Is(err, ErrOutside) {
					t.Errorf("%s %q = %q, %v; want an error wrapping ErrOutside", tool.name, path, got, err)
				}
				if data, _ := os.ReadFile(secret); string(data) != "the launch codes\n" {
					t.Errorf("the secret outside now holds %q", data)
				}
				if _, err := os.Stat(filepath.Join(filepath.Dir(ws.Dir()), "later.txt")); err == nil {
					t.Error("a file was created outside the workspace")
				}
				for link := range tt.links {
					if info, err := os.Lstat(filepath.Join(ws.Dir(), link)); err != nil || info.Mode()&os.ModeSymlink == 0 {
						t.Errorf("%s is no longer a symbolic link: %v, %v", link, info.Mode(), err)
					}
				}
			})
		}
	}
}

// TestWriteToolsThroughLinksInside writes through symbolic links that stay
// inside the workspace: the file the link points to changes, and the link
// stays a link.
func TestWriteToolsThroughLinksInside(t *testing.T) {
	for _, tool := range writeTools {
		t.Run(tool.name, func(t *testing.T) {
			ws := tree(t, map[string]string{"real/data.txt": "the launch codes\n"})
			symlink(t, "data.txt", filepath.Join(ws.Dir(), "real", "link.txt"))
			symlink(t, "real", filepath.Join(ws.Dir(), "alias"))
			got, err := tool.run(ws, "alias/link.txt")
			if err != nil || !strings.Contains(got, "real/data.txt") {
				t.Fatalf("%s alias/link.txt = %q, %v; want it to name real/data.txt, the file it changed", tool.name, got, err)
			}
			if data, _ := os.ReadFile(filepath.Join(ws.Dir(), "real", "data.txt")); string(data) != "changed\n" {
				t.Errorf("real/data.txt holds %q, want \"changed\\n\"", data)
			}
			for _, link := range []string{"real/link.txt", "alias"} {
				if info, err := os.Lstat(filepath.Join(ws.Dir(), link)); err != nil || info.Mode()&os.ModeSymlink == 0 {
					t.Errorf("%s is no longer a symbolic link", link)
				}
			}
		})
	}
}

// TestWriteToolsRefuseDanglingLinks asks both tools to write a link that
// leads nowhere inside the workspace. A rename would replace the link with
// a file, so it is refused.
func TestWriteToolsRefuseDanglingLinks(t *testing.T) {
	for _, tool := range writeTools {
		t.Run(tool.name, func(t *testing.T) {
			ws := tree(t, nil)
			symlink(t, "missing.txt", filepath.Join(ws.Dir(), "dangling.txt"))
			got, err := tool.run(ws, "dangling.txt")
			if err == nil || !strings.Contains(err.Error(), "dangling.txt is a symbolic link that leads nowhere") {
				t.Errorf("%s dangling.txt = %q, %v; want a refusal naming the link", tool.name, got, err)
			}
			if info, err := os.Lstat(filepath.Join(ws.Dir(), "dangling.txt")); err != nil || info.Mode()&os.ModeSymlink == 0 {
				t.Error("dangling.txt is no longer a symbolic link")
			}
		})
	}
}

// TestWriteAtomicFailure fails a write half-way: the old file is left
// whole, and no temporary file is left beside it.
func TestWriteAtomicFailure(t *testing.T) {
	ws := tree(t, map[string]string{"calc.go": "package calc\n"})
	broken := errors.New("disk full")
	err := writeAtomic(ws.root, "calc.go", 0o666, func(w io.Writer) error {
		io.WriteString(w, "package cal")
		return broken
	})
	if !errors.Is(err, broken) {
		t.Errorf("writeAtomic returned %v, want the error of the write, %v", err, broken)
	}
	if data, _ := os.ReadFile(filepath.Join(ws.Dir(), "calc.go")); string(data) != "package calc\n" {
		t.Errorf("after a failed write, calc.go holds %q, want the old content", data)
	}
	if entries, _ := os.ReadDir(ws.Dir()); len(entries) != 1 {
		t.Errorf("after a failed write the workspace holds %v, want calc.go alone", entries)
	}
}

// TestWriteAtomicKeepsTheMode replaces files of unusual modes: each keeps
// its own. (On Windows only the read-only bit is a mode, and this test
// checks little there.)
func TestWriteAtomicKeepsTheMode(t *testing.T) {
	for _, mode := range []os.FileMode{0o600, 0o755, 0o640} {
		t.Run(mode.String(), func(t *testing.T) {
			ws := tree(t, map[string]string{"f": "old\n"})
			path := filepath.Join(ws.Dir(), "f")
			if err := os.Chmod(path, mode); err != nil {
				t.Fatal(err)
			}
			before, _ := os.Stat(path)
			if _, err := (WriteFile{ws}).Run(context.Background(), writeArgs("f", "new\n")); err != nil {
				t.Fatal(err)
			}
			if after, _ := os.Stat(path); after.Mode() != before.Mode() {
				t.Errorf("the file's mode went from %v to %v", before.Mode(), after.Mode())
			}
		})
	}
}

// BenchmarkWriteFile measures what writing a file of 4 KB atomically costs
// (a new file, a sync, a rename) next to os.WriteFile over the old file.
//
//	go test -run XXX -bench WriteFile ./tools
func BenchmarkWriteFile(b *testing.B) {
	content := strings.Repeat("0123456789abcde\n", 256)
	b.Run("write_file", func(b *testing.B) {
		ws := tree(b, nil)
		args := writeArgs("calc.go", content)
		for b.Loop() {
			if _, err := (WriteFile{ws}).Run(context.Background(), args); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("os.WriteFile", func(b *testing.B) {
		path := filepath.Join(b.TempDir(), "calc.go")
		for b.Loop() {
			if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
				b.Fatal(err)
			}
		}
	})
}
