package lab

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
)

// Starter returns the starter of the day in dayDir: every file of the day
// (see ReadTree) but its SidecarFile, with the Go files that declare exercises rewritten so
// that each exercise's function is a hole. The functions of the exercises
// for which keep returns true keep their reference code instead; a nil
// keep keeps none. Starter(dir, func(e Exercise) bool { return e.N == 2 })
// is the starter of a student who has done exercise 2 and nothing else.
// The test messages the day inherits name its own exercises (see
// renumberer), and each script that waits for exercises says which (see
// ScriptNote).
func Starter(dayDir string, keep func(Exercise) bool) (Tree, error) {
	if keep == nil {
		keep = func(Exercise) bool { return false }
	}
	exercises, err := Exercises(dayDir)
	if err != nil {
		return nil, err
	}
	tree, err := ReadTree(dayDir)
	if err != nil {
		return nil, err
	}
	delete(tree, SidecarFile) // the hints: go run ply/cmd/lab hint shows them one at a time
	z, err := newZeros(dayDir)
	if err != nil {
		return nil, err
	}
	for rel, inFile := range byFile(exercises) {
		original := tree[rel]
		name := filepath.Join(dayDir, filepath.FromSlash(rel))
		data, err := starterFile(z, filepath.Base(dayDir), name, original.Data, inFile, keep)
		if err != nil {
			return nil, err
		}
		tree[rel] = File{Data: data, Mode: original.Mode}
	}
	r, err := newRenumberer(dayDir, exercises)
	if err != nil {
		return nil, err
	}
	for rel, f := range tree {
		if !strings.HasSuffix(rel, "_test.go") {
			continue
		}
		data, _, err := r.file(rel, f.Data)
		if err != nil {
			return nil, err
		}
		tree[rel] = File{Data: data, Mode: f.Mode}
	}
	for name, needs := range ScriptNeeds(exercises) {
		rel := scriptsDir + "/" + name + ".txtar"
		if f, ok := tree[rel]; ok {
			tree[rel] = File{Data: append([]byte(ScriptNote(needs)+"\n"), f.Data...), Mode: f.Mode}
		}
	}
	return tree, nil
}

// ScriptNote is the line that opens a script in the starter that fails
// until the exercises needs are done. testscript prints a script's
// comment lines as it goes, so a failure shows it first.
func ScriptNote(needs []int) string {
	words := make([]string, len(needs))
	for i, n := range needs {
		words[i] = strconv.Itoa(n)
	}
	if len(words) == 1 {
		return fmt.Sprintf("# The lab: this script passes once exercise %s is done (see \"Exercise %s\" in README.md).", words[0], words[0])
	}
	list := strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
	return fmt.Sprintf("# The lab: this script passes once exercises %s are done (see README.md).", list)
}

// answers returns the answer key of the day in dayDir: the files that
// have holes in the starter, as they are in the day.
func answers(dayDir string) (Tree, error) {
	exercises, err := Exercises(dayDir)
	if err != nil {
		return nil, err
	}
	day, err := ReadTree(dayDir)
	if err != nil {
		return nil, err
	}
	tree := Tree{}
	for rel := range byFile(exercises) {
		tree[rel] = day[rel]
	}
	return tree, nil
}

// byFile groups exercises by the file they are in.
func byFile(exercises []Exercise) map[string][]Exercise {
	files := map[string][]Exercise{}
	for _, e := range exercises {
		files[e.File] = append(files[e.File], e)
	}
	return files
}
