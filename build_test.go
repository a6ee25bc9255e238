package course_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"ply/internal/lab"
)

// goworkOff builds a copy of a day outside every workspace, as its own module.
var goworkOff = []string{"GOWORK=off"}

// Every build and test here is -trimpath: with the folder's name kept out
// of the build, the copies of a day in temporary folders share the build
// cache with each other and with the starter, and only what differs is
// compiled again.

// A day's tests, and its self-check, take seconds. One that still runs
// after stuckAfter is stuck, and fails here then rather than when go test
// gives up on the whole course.
const (
	stuckAfter  = 2 * time.Minute
	testTimeout = "-timeout=2m" // stuckAfter, for go test
)

// writeTemp writes tree to a new temporary folder and returns the folder.
func writeTemp(t *testing.T, tree lab.Tree) string {
	t.Helper()
	dir := t.TempDir()
	if err := tree.Write(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A tally is what the last line of a self-check says.
type tally struct {
	passed, total int
}

func (c tally) String() string { return fmt.Sprintf("%d/%d passed", c.passed, c.total) }

// tallyLine matches the last line of a self-check.
var tallyLine = regexp.MustCompile(`^([0-9]+)/([0-9]+) passed$`)

// selfCheck builds the program of the day module in dir, with env added to
// the build's environment, runs its self-check against the scripted model
// as a student would, from dir, and returns what it passed.
func selfCheck(t *testing.T, dir string, env ...string) tally {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "ply")
	mustGo(t, dir, env, "build", "-trimpath", "-o", bin, ".")
	ctx, cancel := context.WithTimeout(t.Context(), stuckAfter)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "MOCK=1", "SELFTEST=1")
	// The exit status says only whether every check passed: the tally says more.
	out, err := cmd.CombinedOutput()
	if ctx.Err() != nil {
		t.Fatalf("the self-check of %s (MOCK=1 SELFTEST=1 %s) was still running after %v: something blocks\n%s", dir, bin, stuckAfter, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	m := tallyLine.FindStringSubmatch(lines[len(lines)-1])
	if m == nil {
		t.Fatalf("the self-check of %s (MOCK=1 SELFTEST=1 %s) did not end with a line \"K/N passed\": %v\n%s", dir, bin, err, out)
	}
	return tally{passed: atoi(t, m[1]), total: atoi(t, m[2])}
}

// atoi returns the number that s, a string of digits, spells.
func atoi(t *testing.T, s string) int {
	t.Helper()
	n, err := strconv.Atoi(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

// goCmd runs the go command in dir with env added to the environment, and
// returns its combined output.
func goCmd(t *testing.T, dir string, env []string, args ...string) ([]byte, error) {
	cmd := exec.CommandContext(t.Context(), "go", args...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), env...)
	return cmd.CombinedOutput()
}

// mustGo runs the go command like goCmd, and stops the test when it fails,
// showing its output.
func mustGo(t *testing.T, dir string, env []string, args ...string) {
	t.Helper()
	if out, err := goCmd(t, dir, env, args...); err != nil {
		command := strings.Join(slices.Concat(env, []string{"go"}, args), " ")
		t.Fatalf("cd %s && %s: %v\n%s", dir, command, err, out)
	}
}
