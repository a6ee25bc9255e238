package lab

import (
	"fmt"
	"go/version"
	"strings"
)

// starterNote is starter/README.md.
const starterNote = `# The starter

This is the lab of every day of the course: each day's code with holes
where the exercises go. It is generated from the day folders by
` + "`go run ./cmd/lab`" + `, run from the repository's root, so do not edit it by
hand: change the day, then regenerate.

To work on a day, go to its folder (day01 here) and run its tests and
its self-check:

    cd starter/day01
    go test ./...
    MOCK=1 SELFTEST=1 go run .

The tests fail until the exercises are done. The self-check prints one
line per check, each failing one naming the exercise it waits for, and
then how many passed.

Each hole says which exercise it belongs to, and the day's lesson,
README.md in the day's folder, walks you through it. The day is done
when both commands pass.
`

// solutionsNote is solutions/README.md.
const solutionsNote = `# The answer keys

solutions/dayNN holds the files of starter/dayNN that have holes, complete:
copy them over the starter and the lab is solved. That code is generated
from the day folders by ` + "`go run ./cmd/lab`" + `; do not edit it by hand.

Each day's README.md here is written by hand: the worked answer to every
exercise, why it is right, the tempting wrong answers and which test
catches each, and the day's interview questions.

The go.mod here makes solutions/ a module that no workspace uses, so the
answer files, which are not whole packages, never break a build.
`

// workspace returns starter/go.work: a workspace of every starter day.
func workspace(goVersion string, days []Day) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "go %s\n\nuse (\n", goVersion)
	for _, d := range days {
		fmt.Fprintf(&b, "\t./%s\n", d.Name)
	}
	b.WriteString(")\n")
	return []byte(b.String())
}

// solutionsModule returns solutions/go.mod.
func solutionsModule(goVersion string) []byte {
	return fmt.Appendf(nil, "module ply/solutions\n\ngo %s\n", goVersion)
}

// latestGo returns the latest Go version that the days' go.mod files ask
// for. A workspace must ask for at least as much as each of its modules.
func latestGo(days []Day) (string, error) {
	latest := ""
	for _, d := range days {
		mod, err := readGoMod(d.Dir)
		if err != nil {
			return "", err
		}
		if latest == "" || version.Compare("go"+mod.Go, "go"+latest) > 0 {
			latest = mod.Go
		}
	}
	return latest, nil
}
