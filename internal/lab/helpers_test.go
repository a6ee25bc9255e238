package lab

import (
	"os"
	"path/filepath"
	"testing"
)

// testModule is the go.mod of the days the tests make.
const testModule = "module example.com/day\n\ngo 1.25.0\n"

// writeFiles writes files, by slash-separated path, under dir.
func writeFiles(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for rel, content := range files {
		name := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(name, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// newDay makes a day module, day01 in a temporary folder, with files, plus
// a go.mod unless files has one, and returns its folder.
func newDay(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "day01")
	writeFiles(t, dir, map[string]string{"go.mod": testModule})
	writeFiles(t, dir, files)
	return dir
}
