package lab

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"
)

// MessageProblems checks that every test message of the day in dayDir
// that mentions an exercise means one, in the reference day as in its
// starter (see renumberer): a message the day inherits names the day whose
// exercise it means, "(see day06's exercise 3)", since "(see exercise 3)"
// would say this day's; and a day it names is this day or one before it,
// with that exercise. It returns one error for each message that does
// not, naming its file and line and what to write.
func MessageProblems(dayDir string) ([]error, error) {
	exercises, err := Exercises(dayDir)
	if err != nil {
		return nil, err
	}
	r, err := newRenumberer(dayDir, exercises)
	if err != nil {
		return nil, err
	}
	tree, err := ReadTree(dayDir)
	if err != nil {
		return nil, err
	}
	var problems []error
	for _, rel := range slices.Sorted(func(yield func(string) bool) {
		for rel := range tree {
			if strings.HasSuffix(rel, "_test.go") && !yield(rel) {
				return
			}
		}
	}) {
		for _, m := range messages(rel, tree[rel].Data) {
			for _, p := range r.check(m, r.origin(rel, m.line)) {
				problems = append(problems, fmt.Errorf("%s:%d: %s", filepath.Join(dayDir, filepath.FromSlash(rel)), m.n, p))
			}
		}
	}
	return problems, nil
}

// check returns what is wrong with the mentions of exercises in m, a
// message whose line came down unchanged from the day origin, or is this
// day's own when origin is nil.
func (r *renumberer) check(m message, origin *Day) []string {
	written := r.self
	if origin != nil {
		written = *origin
	}
	var problems []string
	for _, sub := range exerciseRef.FindAllSubmatch(m.text, -1) {
		ref, ok := r.resolve(sub, written)
		if !ok {
			problems = append(problems, fmt.Sprintf("%q names %s, which is not %s or a day before it", sub[0], sub[1], r.self.Name))
			continue
		}
		then, err := r.exercisesOf(ref.day)
		switch {
		case err != nil:
			problems = append(problems, err.Error())
		case len(Of(then, ref.n)) == 0:
			if ref.named {
				problems = append(problems, fmt.Sprintf("%q: %s has no exercise %d", sub[0], ref.day.Name, ref.n))
			}
			// A number that is no exercise of the day is no pointer.
		case !ref.named && origin != nil:
			problems = append(problems, fmt.Sprintf("%q was written on %s, about its exercise, and %s inherits it: "+
				"write %q there, as every day after it has the line", sub[0], origin.Name, r.self.Name, origin.Name+"'s "+string(sub[0])))
		}
	}
	return problems
}
