package lab

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// sumsFile records what the lab last generated in starter/: one line per
// file, its SHA-256 and its path from starter/, sorted by path:
//
//	6b86b273ff34fce19d6b804eff5a3f5747ada4eaa22f1d49c01e52ddb7875b4b  day01/llm/mock.go
//
// A starter file whose content no longer has its recorded sum has been
// edited since, most likely by a student, and the lab does not overwrite
// or delete it unless told to (see Generate).
const sumsFile = "lab.sum"

// sums returns lab.sum for the starter tree, whose paths are relative to
// starter/.
func sums(starter Tree) []byte {
	var b strings.Builder
	for _, rel := range sortedPaths(starter) {
		fmt.Fprintf(&b, "%s  %s\n", sum(starter[rel].Data), rel)
	}
	return []byte(b.String())
}

// readSums reads the lab.sum of the course at root, by path from starter/.
// A course whose starter has no lab.sum yet has no sums.
func readSums(root string) (map[string]string, error) {
	data, err := os.ReadFile(filepath.Join(root, starterDir, sumsFile))
	if errors.Is(err, fs.ErrNotExist) {
		return map[string]string{}, nil
	}
	if err != nil {
		return nil, err
	}
	recorded := map[string]string{}
	for i, line := range strings.Split(strings.TrimSuffix(string(data), "\n"), "\n") {
		hash, rel, ok := strings.Cut(line, "  ")
		if !ok {
			return nil, &PosError{File: filepath.Join(root, starterDir, sumsFile), Line: i + 1,
				Err: fmt.Errorf(`want "SHA256  path"; run %s -force to write it again`, Command)}
		}
		recorded[rel] = hash
	}
	return recorded, nil
}

// sum returns the SHA-256 of data, in hex.
func sum(data []byte) string {
	h := sha256.Sum256(data)
	return hex.EncodeToString(h[:])
}

// sortedPaths returns the paths of tree, sorted.
func sortedPaths(tree Tree) []string {
	paths := make([]string, 0, len(tree))
	for p := range tree {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	return paths
}
