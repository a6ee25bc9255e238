package lab

import (
	"cmp"
	"context"
	"fmt"
	"os/exec"
	"path"
	"slices"
	"strings"
)

// ReachedPackages returns the packages of the day in dayDir, as folders
// relative to it, whose tests the holes of its exercises reach: a test
// binary that holds a file with a hole, or imports a package that does.
// The tests of every other package are the same in the starter as in the
// day.
func ReachedPackages(ctx context.Context, dayDir string, exercises []Exercise) ([]string, error) {
	mod, err := readGoMod(dayDir)
	if err != nil {
		return nil, err
	}
	holes := map[string]bool{} // import paths of the packages with holes
	for _, e := range exercises {
		holes[path.Join(mod.Module, path.Dir(e.File))] = true
	}
	cmd := exec.CommandContext(ctx, "go", "list", "-test", "-f", "{{.ImportPath}}|{{join .Deps \" \"}}", "./...")
	cmd.Dir = dayDir
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("go list -test ./... in %s: %v", dayDir, err)
	}
	var reached []string
	for line := range strings.Lines(string(out)) {
		binary, deps, _ := strings.Cut(strings.TrimSpace(line), "|")
		pkg, isTest := strings.CutSuffix(binary, ".test")
		if !isTest {
			continue
		}
		if holes[pkg] || slices.ContainsFunc(strings.Fields(deps), func(dep string) bool {
			dep, _, _ = strings.Cut(dep, " ") // "p [p.test]" is p, compiled for a test
			return holes[dep]
		}) {
			rel := strings.TrimPrefix(strings.TrimPrefix(pkg, mod.Module), "/")
			reached = append(reached, cmp.Or(rel, "."))
		}
	}
	slices.Sort(reached)
	return reached, nil
}
