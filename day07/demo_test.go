package main

import (
	"bytes"
	"flag"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

var update = flag.Bool("update", false, "rewrite playground.txtar from testdata/playground")

// TestPlaygroundArchive checks that the playground ply demo carries is the
// one in testdata/playground, file for file.
func TestPlaygroundArchive(t *testing.T) {
	archive := &txtar.Archive{Comment: []byte("The playground, testdata/playground, as one file for go:embed: ply demo copies it.\n" +
		"Made by go test -run TestPlaygroundArchive -update . from the folder; do not edit it by hand.\n")}
	root := filepath.Join("testdata", "playground")
	err := fs.WalkDir(os.DirFS(root), ".", func(name string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(name)))
		archive.Files = append(archive.Files, txtar.File{Name: name, Data: data})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	want := txtar.Format(archive)
	if *update {
		if err := os.WriteFile("playground.txtar", want, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if !bytes.Equal(playgroundArchive, want) {
		t.Error("playground.txtar differs from testdata/playground; run go test -run TestPlaygroundArchive -update .")
	}
}

// TestShellArg checks that a folder the demo names in a command line is
// one argument to a shell, whatever its name.
func TestShellArg(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"/tmp/ply-demo-123", "/tmp/ply-demo-123"},
		{`C:\Users\ann\AppData\Local\Temp\ply-demo-1`, `C:\Users\ann\AppData\Local\Temp\ply-demo-1`},
		{"/tmp/my files/ply-demo-1", "'/tmp/my files/ply-demo-1'"},
		{"/tmp/ann's/ply-demo-1", `'/tmp/ann'\''s/ply-demo-1'`},
		{"/tmp/$HOME;rm -rf ~", "'/tmp/$HOME;rm -rf ~'"},
		{"", "''"},
	} {
		if got := shellArg(tt.in); got != tt.want {
			t.Errorf("shellArg(%q) = %s, want %s", tt.in, got, tt.want)
		}
	}
}
