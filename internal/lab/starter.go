package lab

import "path/filepath"

// Starter returns the starter of the day in dayDir: every file of the day
// (see ReadTree), with the Go files that declare exercises rewritten so
// that each exercise's function is a hole. The functions of the exercises
// for which keep returns true keep their reference code instead; a nil
// keep keeps none. Starter(dir, func(e Exercise) bool { return e.N == 2 })
// is the starter of a student who has done exercise 2 and nothing else.
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
	return tree, nil
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
