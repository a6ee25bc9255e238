package lab

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"time"
)

// The trees the lab generates, beside the days.
const (
	starterDir   = "starter"
	solutionsDir = "solutions"
	checksDir    = "checks"
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
// A student works in starter/, so Generate never overwrites or deletes a
// starter file that is not what it last generated (see sumsFile): when a
// change would, it changes nothing and returns the files, one per line,
// with an error that wraps ErrStudentWork. With force, it first copies
// those files to a new folder under starter/_saved, says where, and then
// brings every file up to date. The hand-written parts of solutions/ (each
// day's README.md and wrong answers), starter/_saved and what go build
// leaves are never touched.
func Generate(root string, force bool) ([]string, error) {
	changes, err := plan(root)
	if err != nil {
		return nil, err
	}
	atRisk, err := studentWork(root, changes)
	if err != nil {
		return nil, err
	}
	var lines []string
	if len(atRisk) > 0 {
		if !force {
			return atRisk, fmt.Errorf("%w: %d file(s) kept, nothing changed", ErrStudentWork, len(atRisk))
		}
		saved, err := save(root, atRisk)
		if err != nil {
			return nil, err
		}
		lines = append(lines, fmt.Sprintf("%s: saved %d file(s) that may hold your work", saved, len(atRisk)))
	}
	for _, c := range changes {
		if err := c.fix(root); err != nil {
			return lines, err
		}
		lines = append(lines, c.path+": "+c.kind.done())
	}
	for _, dir := range []string{starterDir, solutionsDir, checksDir} {
		if !exists(filepath.Join(root, dir)) {
			continue // a tree the course does not have, such as checks/ of a course that is no module
		}
		if err := removeEmptyDirs(filepath.Join(root, dir)); err != nil {
			return lines, err
		}
	}
	return lines, nil
}

// studentWork returns the paths of the starter files that the changes
// would overwrite or delete and that are not what the lab last generated.
func studentWork(root string, changes []change) ([]string, error) {
	recorded, err := readSums(root)
	if err != nil {
		return nil, err
	}
	var atRisk []string
	for _, c := range changes {
		rel, inStarter := strings.CutPrefix(c.path, starterDir+"/")
		if !inStarter || rel == sumsFile || rel == "go.work.sum" || c.kind == missing {
			continue // go.work.sum is the go command's, never a student's
		}
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(c.path)))
		if err != nil {
			return nil, err
		}
		if recorded[rel] != sum(data) {
			atRisk = append(atRisk, c.path)
		}
	}
	return atRisk, nil
}

// savedDir is where the lab keeps copies of a student's files before it
// changes them, under starter/. The go command ignores a folder whose name
// starts with _, so what is saved there never breaks a build.
const savedDir = "_saved"

// save copies the files, by slash-separated path from root, to a new
// folder under starter/_saved, keeping their paths from starter/, and
// returns the folder's path from root.
func save(root string, paths []string) (string, error) {
	dir, err := newSavedDir(root, time.Now().Format("20060102-150405"))
	if err != nil {
		return "", err
	}
	for _, p := range paths {
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(p)))
		if err != nil {
			return "", err
		}
		to := filepath.Join(root, filepath.FromSlash(dir), filepath.FromSlash(strings.TrimPrefix(p, starterDir+"/")))
		if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
			return "", err
		}
		if err := os.WriteFile(to, data, 0o644); err != nil {
			return "", err
		}
	}
	return dir, nil
}

// newSavedDir makes a new folder starter/_saved/NAME, or NAME-2, NAME-3 …
// when it exists, and returns its slash-separated path from root.
func newSavedDir(root, name string) (string, error) {
	if err := os.MkdirAll(filepath.Join(root, starterDir, savedDir), 0o755); err != nil {
		return "", err
	}
	for i := 1; ; i++ {
		try := name
		if i > 1 {
			try = fmt.Sprintf("%s-%d", name, i)
		}
		rel := path.Join(starterDir, savedDir, try)
		err := os.Mkdir(filepath.Join(root, filepath.FromSlash(rel)), 0o755)
		if err == nil {
			return rel, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
	}
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
		starterDir + "/go.work":     {Data: workspace(goVersion, days, exists(filepath.Join(root, "go.mod"))), Mode: 0o644},
		starterDir + "/README.md":   {Data: []byte(starterNote), Mode: 0o644},
		solutionsDir + "/go.mod":    {Data: solutionsModule(goVersion), Mode: 0o644},
		solutionsDir + "/README.md": {Data: []byte(solutionsNote), Mode: 0o644},
	}
	// The starter's workspace holds the same modules as the root's, so it
	// needs the same sums: a copy keeps every go command, go doc included,
	// from writing to it.
	if data, err := os.ReadFile(filepath.Join(root, "go.work.sum")); err == nil {
		tree[starterDir+"/go.work.sum"] = File{Data: data, Mode: 0o644}
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	withChecks := exists(filepath.Join(root, "go.mod")) // the root module holds the checks' code
	for _, d := range days {
		if withChecks {
			tree[checksDir+"/"+d.Name+"/day_test.go"] = File{Data: dayChecks(d.Name), Mode: 0o644}
		}
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
	starter := Tree{}
	for p, f := range tree {
		if rel, ok := strings.CutPrefix(p, starterDir+"/"); ok {
			starter[rel] = f
		}
	}
	tree[starterDir+"/"+sumsFile] = File{Data: sums(starter), Mode: 0o644}
	return tree, nil
}

// onDisk reads the generated trees under root as they are, leaving out
// the files that are not generated: the hand-written README.md and wrong
// answers of each day's answer key, what go build leaves behind, the
// student's files that the lab saved, and starter/go.work.sum when the
// root has none to copy (the go command writes it as it needs).
func onDisk(root string, days []Day) (Tree, error) {
	tree := Tree{}
	for _, dir := range []string{starterDir, solutionsDir, checksDir} {
		files, err := ReadTree(filepath.Join(root, dir))
		if errors.Is(err, fs.ErrNotExist) {
			continue // not generated yet: all its files are missing
		}
		if err != nil {
			return nil, err
		}
		addUnder(tree, dir, files)
	}
	for p := range tree {
		if handWritten(p) {
			delete(tree, p)
		}
	}
	if !exists(filepath.Join(root, "go.work.sum")) {
		delete(tree, starterDir+"/go.work.sum")
	}
	return tree, nil
}

// handWritten reports whether p, a slash-separated path from the course's
// root, is a file under starter/ or solutions/ that the lab does not
// generate and never touches.
func handWritten(p string) bool {
	parts := strings.Split(p, "/")
	switch {
	case len(parts) > 2 && parts[0] == starterDir && parts[1] == savedDir:
		return true
	case len(parts) == 3 && parts[0] == solutionsDir && dayName.MatchString(parts[1]) && parts[2] == "README.md":
		return true
	case len(parts) > 3 && parts[0] == solutionsDir && dayName.MatchString(parts[1]) && parts[2] == wrongDir:
		return true
	}
	return false
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
