package lab

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"
)

// TestLayer checks what a layer leaves out: the import path, the lab's
// lines and labels, and the sidecars; and that what is left is the diff.
func TestLayer(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"day01/go.mod":             "module ply/day01\n\ngo 1.25.0\n",
		"day01/a/a.go":             "package a\n\nimport \"ply/day01/b\"\n\nvar X = b.Y\n",
		"day01/b/b.go":             "package b\n\n// Y is y.\n//\n//lab:exercise 1 Return y.\nfunc Y() int { return 1 }\n",
		"day01/selftest/checks.go": "package selftest\n\nvar checks = []Check{\n\t{\"y is one\", 1, yIsOne},\n\t{\"z\", 0, z},\n}\n",
		"day01/lab.md":             "## Exercise 1: `Y` in b/b.go\n",
		"day01/gone.txt":           "old\n",
		"day02/go.mod":             "module ply/day02\n\ngo 1.25.0\n",
		"day02/a/a.go":             "package a\n\nimport \"ply/day02/b\"\n\nvar X = b.Y\n",
		"day02/b/b.go":             "package b\n\n// Y is y.\nfunc Y() int { return 1 }\n\n// W is w.\n//\n//lab:exercise 1 Return w.\nfunc W() int { return 2 }\n",
		"day02/selftest/checks.go": "package selftest\n\nvar checks = []Check{\n\t{\"w is two\", 1, wIsTwo},\n\t{\"y is one\", 0, yIsOne},\n\t{\"z\", 0, z},\n}\n",
		"day02/lab.md":             "## Exercise 1: `W` in b/b.go\n",
	})
	l, err := NewLayer(Day{Name: "day01", Dir: filepath.Join(root, "day01")}, Day{Name: "day02", Dir: filepath.Join(root, "day02")})
	if err != nil {
		t.Fatal(err)
	}
	var paths []string
	for _, c := range l.Files {
		paths = append(paths, c.Path)
	}
	if got, want := strings.Join(paths, " "), "b/b.go gone.txt selftest/checks.go"; got != want {
		t.Errorf("the layer's files = %s, want %s", got, want)
	}
	if l.Renamed != 2 || l.LabLines != 2 || l.Relabelled != 1 || len(l.Sidecars) != 2 {
		t.Errorf("left out: %d renamed, %d lab lines, %d labels, sidecars %q; want 2 (a.go and go.mod), 2, 1 and both days'", l.Renamed, l.LabLines, l.Relabelled, l.Sidecars)
	}
	var out bytes.Buffer
	if err := l.WriteUnified(&out); err != nil {
		t.Fatal(err)
	}
	want := `--- day01/b/b.go
+++ day02/b/b.go
@@ -2,3 +2,6 @@
 
 // Y is y.
 func Y() int { return 1 }
+
+// W is w.
+func W() int { return 2 }
--- day01/gone.txt
+++ /dev/null
@@ -1 +0,0 @@
-old
--- day01/selftest/checks.go
+++ day02/selftest/checks.go
@@ -1,6 +1,7 @@
 package selftest
 
 var checks = []Check{
+	{"w is two", 1, wIsTwo},
 	{"y is one", 0, yIsOne},
 	{"z", 0, z},
 }
`
	if got := out.String(); got != want {
		t.Errorf("the layer's diff =\n%s\nwant\n%s", got, want)
	}
}
