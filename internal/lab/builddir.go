package lab

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// BuildDir returns a folder to build in that is the same each time for
// the same key, such as a day's folder and what is built from it, under
// the user's cache. go build and go test -c leave a binary where it is
// when it is already what they would link, so a check that builds the
// same thing into the same folder twice links once: Go's own content
// hashes decide, and any change to what goes in links again. Without a
// cache folder that can be made, it is a new temporary folder.
func BuildDir(key ...string) (string, error) {
	cache, err := os.UserCacheDir()
	if err != nil {
		return os.MkdirTemp("", "ply-lab-")
	}
	h := sha256.Sum256([]byte(strings.Join(key, "\x00")))
	dir := filepath.Join(cache, "ply-lab", hex.EncodeToString(h[:8]))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return os.MkdirTemp("", "ply-lab-")
	}
	now := time.Now()
	_ = os.Chtimes(dir, now, now) // used now: pruneBuildDirs keeps it
	pruneBuildDirs(filepath.Dir(dir), now.Add(-unusedFor))
	return dir, nil
}

// unusedFor is how long a build folder may go unused before BuildDir
// removes it. Every clone of the course, and every temporary copy that the
// lab's own tests make, has folders of its own, and nothing else removes
// them.
const unusedFor = 14 * 24 * time.Hour

// pruneBuildDirs removes the folders in parent last used before cutoff.
// It is housekeeping: a folder it cannot read or remove stays.
func pruneBuildDirs(parent string, cutoff time.Time) {
	entries, err := os.ReadDir(parent)
	if err != nil {
		return
	}
	for _, e := range entries {
		info, err := e.Info()
		if err != nil || !e.IsDir() || info.ModTime().After(cutoff) {
			continue
		}
		_ = os.RemoveAll(filepath.Join(parent, e.Name()))
	}
}
