package lab

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// Command is how the lab is run, by a student or an instructor, from any
// folder of the course: go run finds the package ply/cmd/lab through the
// workspace of the folder, and both workspaces, the root's go.work and
// starter/go.work, hold the course's root module. (go run ./cmd/lab works
// from the root alone.)
const Command = "go run ply/cmd/lab"

// FindRoot returns the root of the course that holds the folder dir: the
// nearest folder, dir or above it, with a go.work and day folders, that is
// not the starter (the starter has them too, and the lab's sums beside).
// The root is dir joined with as many ".." as it takes, so that paths
// under it read from dir: "." at the root, "../.." from starter/day01.
func FindRoot(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return "", err
	}
	up := dir
	for d := abs; ; d = filepath.Dir(d) {
		if isRoot(d) {
			return filepath.Clean(up), nil
		}
		if filepath.Dir(d) == d {
			return "", fmt.Errorf("%s is not inside the course: no folder above it has a go.work and day folders (dayNN with a go.mod)", abs)
		}
		up = filepath.Join(up, "..")
	}
}

// isRoot reports whether the folder dir is the root of a course.
func isRoot(dir string) bool {
	if !exists(filepath.Join(dir, "go.work")) || exists(filepath.Join(dir, sumsFile)) {
		return false
	}
	days, err := Days(dir)
	return err == nil && len(days) > 0
}

// exists reports whether name exists.
func exists(name string) bool {
	_, err := os.Stat(name)
	return !errors.Is(err, fs.ErrNotExist)
}
