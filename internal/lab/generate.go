package lab

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
)

// The two trees the lab generates, beside the days.
const (
	starterDir   = "starter"
	solutionsDir = "solutions"
)

// Check compares the generated trees under root with what the days make,
// and changes nothing. It returns one line per file that is out of date,
// named by its slash-separated path from root:
//
//	starter/day01/llm/mock.go: stale
//	starter/day01/llm/sse.go: missing
//	solutions/day01/llm/old.go: extra
//
// The list is empty when the trees are current.
func Check(root string) ([]string, error) {
	changes, err := plan(root)
	if err != nil {
		return nil, err
	}
	lines := make([]string, len(changes))
	for i, c := range changes {
		lines[i] = c.String()
	}
	return lines, nil
}

// Generate brings the generated trees under root up to date: it writes
// the files that are missing or stale, and deletes the extra ones and the
// folders they leave empty. It returns one line per file it changed:
//
//	starter/day01/llm/mock.go: updated
//	starter/day01/llm/sse.go: created
//	solutions/day01/llm/old.go: deleted
//
// The hand-written solutions/dayNN/README.md files, and the binaries of
// go build, are never touched.
func Generate(root string) ([]string, error) {
	changes, err := plan(root)
	if err != nil {
		return nil, err
	}
	lines := make([]string, len(changes))
	for i, c := range changes {
		if err := c.fix(root); err != nil {
			return lines[:i], err
		}
		lines[i] = c.path + ": " + c.kind.done()
	}
	for _, dir := range []string{starterDir, solutionsDir} {
		if err := removeEmptyDirs(filepath.Join(root, dir)); err != nil {
			return lines, err
		}
	}
	return lines, nil
}

// A change is one file of the generated trees that is out of date.
type change struct {
	path string     // slash-separated, relative to the course's root
	kind changeKind // how it is out of date
	want File       // what the file should be; nothing for an extra file
}

func (c change) String() string { return c.path + ": " + string(c.kind) }

// fix brings the file up to date.
func (c change) fix(root string) error {
	name := filepath.Join(root, filepath.FromSlash(c.path))
	if c.kind == extra {
		return os.Remove(name)
	}
	if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
		return err
	}
	return writeFile(name, c.want)
}

// A changeKind is how a file of the generated trees is out of date.
type changeKind string

const (
	missing changeKind = "missing" // the days make it, and it is not there
	stale   changeKind = "stale"   // it is there, and the days make it otherwise
	extra   changeKind = "extra"   // it is there, and the days do not make it
)

// done says what Generate did to a file out of date in this way.
func (k changeKind) done() string {
	switch k {
	case missing:
		return "created"
	case stale:
		return "updated"
	}
	return "deleted"
}

// plan compares what the days make with what is on disk, and returns the
// changes that would make them agree, sorted by path.
func plan(root string) ([]change, error) {
	days, err := Days(root)
	if err != nil {
		return nil, err
	}
	want, err := generated(root, days)
	if err != nil {
		return nil, err
	}
	have, err := onDisk(root, days)
	if err != nil {
		return nil, err
	}
	var changes []change
	for p, w := range want {
		f, ok := have[p]
		switch {
		case !ok:
			changes = append(changes, change{p, missing, w})
		case !bytes.Equal(f.Data, w.Data) || f.Mode != w.Mode:
			changes = append(changes, change{p, stale, w})
		}
	}
	for p := range have {
		if _, ok := want[p]; !ok {
			changes = append(changes, change{path: p, kind: extra})
		}
	}
	slices.SortFunc(changes, func(a, b change) int { return strings.Compare(a.path, b.path) })
	return changes, nil
}

// generated returns the generated trees of the course at root, with the
// given days, by path from root.
func generated(root string, days []Day) (Tree, error) {
	if len(days) == 0 {
		return nil, fmt.Errorf("no days in %s: a day is a folder dayNN with a go.mod", root)
	}
	goVersion, err := latestGo(days)
	if err != nil {
		return nil, err
	}
	tree := Tree{
		starterDir + "/go.work":     {Data: workspace(goVersion, days), Mode: 0o644},
		starterDir + "/README.md":   {Data: []byte(starterNote), Mode: 0o644},
		solutionsDir + "/go.mod":    {Data: solutionsModule(goVersion), Mode: 0o644},
		solutionsDir + "/README.md": {Data: []byte(solutionsNote), Mode: 0o644},
	}
	for _, d := range days {
		starter, err := Starter(d.Dir, nil)
		if err != nil {
			return nil, err
		}
		answerKey, err := answers(d.Dir)
		if err != nil {
			return nil, err
		}
		addUnder(tree, starterDir+"/"+d.Name, starter)
		addUnder(tree, solutionsDir+"/"+d.Name, answerKey)
	}
	return tree, nil
}

// onDisk reads the generated trees under root as they are, leaving out
// the files that are not generated: the hand-written README.md of each
// day's answer key, what go build leaves behind, and starter/go.work.sum,
// which the go command writes when the starter's workspace needs it.
func onDisk(root string, days []Day) (Tree, error) {
	tree := Tree{}
	for _, dir := range []string{starterDir, solutionsDir} {
		files, err := ReadTree(filepath.Join(root, dir))
		if errors.Is(err, fs.ErrNotExist) {
			continue // not generated yet: all its files are missing
		}
		if err != nil {
			return nil, err
		}
		addUnder(tree, dir, files)
	}
	for _, d := range days {
		delete(tree, solutionsDir+"/"+d.Name+"/README.md")
	}
	delete(tree, starterDir+"/go.work.sum")
	return tree, nil
}

// addUnder adds the files of sub to tree, under the folder dir.
func addUnder(tree Tree, dir string, sub Tree) {
	for rel, f := range sub {
		tree[dir+"/"+rel] = f
	}
}

// removeEmptyDirs removes the empty folders under dir, deepest first, so
// that a folder holding only empty folders goes too. dir itself stays.
func removeEmptyDirs(dir string) error {
	var dirs []string
	err := filepath.WalkDir(dir, func(name string, d fs.DirEntry, err error) error {
		if d != nil && d.IsDir() && name != dir {
			dirs = append(dirs, name)
		}
		return err
	})
	if err != nil {
		return err
	}
	slices.Reverse(dirs) // a walk lists a folder before what it holds
	for _, name := range dirs {
		entries, err := os.ReadDir(name)
		if err != nil {
			return err
		}
		if len(entries) == 0 {
			if err := os.Remove(name); err != nil {
				return err
			}
		}
	}
	return nil
}
