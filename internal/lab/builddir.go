package lab

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"strings"
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
	return dir, nil
}
