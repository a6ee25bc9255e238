package lab

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestPruneBuildDirs(t *testing.T) {
	parent := t.TempDir()
	now := time.Now()
	ages := map[string]time.Duration{
		"old":    30 * 24 * time.Hour,
		"recent": time.Hour,
	}
	for name, age := range ages {
		dir := filepath.Join(parent, name)
		if err := os.MkdirAll(filepath.Join(dir, "bin"), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(dir, now.Add(-age), now.Add(-age)); err != nil {
			t.Fatal(err)
		}
	}
	pruneBuildDirs(parent, now.Add(-unusedFor))
	if _, err := os.Stat(filepath.Join(parent, "old")); !os.IsNotExist(err) {
		t.Errorf("a build folder unused for 30 days is still there (%v); pruneBuildDirs should remove it", err)
	}
	if _, err := os.Stat(filepath.Join(parent, "recent", "bin")); err != nil {
		t.Errorf("a build folder used an hour ago was removed: %v", err)
	}
}
