package lab

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestRenumberInheritedMessages checks that a test message a day inherits
// names the exercise as that day numbers it, or as the earlier day did,
// by name; that the day's own messages and a test's data stay as they are.
func TestRenumberInheritedMessages(t *testing.T) {
	inherited := "package a\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) {\n" +
		"\tif F() != 1 {\n\t\tt.Errorf(\"F() != 1 (see exercise 1)\")\n\t}\n" +
		"\tif G() != 2 {\n\t\tt.Errorf(\"G() != 2 (needs exercise 2)\")\n\t}\n" +
		"\twant := \"✗ f — see exercise 1\"\n\t_ = want\n" +
		"\tcases := []string{\"H (see exercise 3)\"}\n\t_ = cases\n}\n"
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"day01/go.mod":      "module ply/day01\n\ngo 1.25.0\n",
		"day01/a/a.go":      "package a\n\n//lab:exercise 1 F.\nfunc F() int { return 1 }\n\n//lab:exercise 2 G.\nfunc G() int { return 2 }\n\n//lab:exercise 3 H.\nfunc H() int { return 3 }\n",
		"day01/a/a_test.go": inherited,
		"day02/go.mod":      "module ply/day02\n\ngo 1.25.0\n",
		"day02/a/a.go":      "package a\n\nfunc F() int { return 1 }\n\n//lab:exercise 1 G.\nfunc G() int { return 2 }\n\nfunc H() int { return 3 }\n",
		"day02/a/a_test.go": inherited + "\nfunc TestG(t *testing.T) {\n\tt.Errorf(\"G (see exercise 1)\")\n}\n",
	})
	for _, sidecar := range []bool{false, true} {
		if sidecar { // the earlier day's exercises, read from its lab.md alone
			writeFiles(t, root, map[string]string{"day01/lab.md": "## Exercise 1: `F` in a/a.go\n\n## Exercise 2: `G` in a/a.go\n\n## Exercise 3: `H` in a/a.go\n"})
		}
		checkRenumbered(t, root, inherited)
	}
}

// checkRenumbered checks the starters of the course at root, whose first
// day's test file is inherited.
func checkRenumbered(t *testing.T, root, inherited string) {
	t.Helper()
	starter, err := Starter(filepath.Join(root, "day02"), nil)
	if err != nil {
		t.Fatal(err)
	}
	got := string(starter["a/a_test.go"].Data)
	for _, want := range []string{
		`t.Errorf("F() != 1 (see day01's exercise 1)")`, // no exercise today: the day it was
		`t.Errorf("G() != 2 (needs exercise 1)")`,       // today's number for the same function
		`want := "✗ f — see exercise 1"`,                // data, not a message
		`[]string{"H (see day01's exercise 3)"}`,        // a pointer in a table of cases
		`t.Errorf("G (see exercise 1)")`,                // the day's own line
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the starter's a/a_test.go has no %s:\n%s", want, got)
		}
	}
	day01, err := Starter(filepath.Join(root, "day01"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if got := string(day01["a/a_test.go"].Data); got != inherited {
		t.Errorf("the first day's test changed in its starter:\n%s", got)
	}
}
