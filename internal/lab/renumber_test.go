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

// namedCourse writes a course of two days at root whose test file names
// the day of each exercise it mentions, as MessageProblems wants, with
// the lines after it in the second day, and returns root.
func namedCourse(t *testing.T, later string) string {
	t.Helper()
	inherited := "package a\n\nimport \"testing\"\n\nfunc TestF(t *testing.T) {\n" +
		"\tt.Errorf(\"F (see day01's exercise 1)\")\n" +
		"\tt.Errorf(\"G (needs day01's exercise 2)\")\n" +
		"\tt.Errorf(\"F to H (see day01's exercises 1 to 3)\")\n" +
		"\tt.Errorf(\"one of them (see exercise 9)\")\n}\n"
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"day01/go.mod":      "module ply/day01\n\ngo 1.25.0\n",
		"day01/a/a.go":      "package a\n\n//lab:exercise 1 F.\nfunc F() int { return 1 }\n\n//lab:exercise 2 G.\nfunc G() int { return 2 }\n\n//lab:exercise 3 H.\nfunc H() int { return 3 }\n",
		"day01/a/a_test.go": inherited,
		"day02/go.mod":      "module ply/day02\n\ngo 1.25.0\n",
		"day02/a/a.go":      "package a\n\nfunc F() int { return 1 }\n\n//lab:exercise 1 G.\nfunc G() int { return 2 }\n\nfunc H() int { return 3 }\n",
		"day02/a/a_test.go": inherited + later,
	})
	return root
}

// TestRenumberNamedMessages checks that a message that names the day of
// its exercise reads, in the starter, as the exercise of the starter's
// day when it holds the same function, and as the named day's otherwise.
func TestRenumberNamedMessages(t *testing.T) {
	root := namedCourse(t, "\nfunc TestG(t *testing.T) {\n\tt.Errorf(\"G (see day02's exercise 1)\")\n}\n")
	for day, wants := range map[string][]string{
		"day01": {
			`t.Errorf("F (see exercise 1)")`, // its own day: no name needed
			`t.Errorf("G (needs exercise 2)")`,
			`t.Errorf("F to H (see exercises 1 to 3)")`,
		},
		"day02": {
			`t.Errorf("F (see day01's exercise 1)")`,            // no exercise today: the day it was
			`t.Errorf("G (needs exercise 1)")`,                  // today's number for the same function
			`t.Errorf("F to H (see day01's exercises 1 to 3)")`, // a range keeps its day
			`t.Errorf("one of them (see exercise 9)")`,          // no exercise of any day: left alone
			`t.Errorf("G (see exercise 1)")`,                    // the day's own, named
		},
	} {
		starter, err := Starter(filepath.Join(root, day), nil)
		if err != nil {
			t.Fatal(err)
		}
		got := string(starter["a/a_test.go"].Data)
		for _, want := range wants {
			if !strings.Contains(got, want) {
				t.Errorf("%s's starter has no %s:\n%s", day, want, got)
			}
		}
	}
}

// TestMessageProblems checks that MessageProblems passes messages that
// name their day, and a day's own that do not, and names every other
// with its file and line.
func TestMessageProblems(t *testing.T) {
	root := namedCourse(t, "\nfunc TestG(t *testing.T) {\n"+
		"\tt.Errorf(\"G (see exercise 1)\")\n"+ // the day's own: its own exercise
		"\tt.Errorf(\"G (see day03's exercise 1)\")\n"+ // a day after it
		"\tt.Errorf(\"G (see day01's exercise 4)\")\n}\n") // an exercise that day has not
	for _, day := range []string{"day01", "day02"} {
		problems, err := MessageProblems(filepath.Join(root, day))
		if err != nil {
			t.Fatal(err)
		}
		want := map[string]int{"day01": 0, "day02": 2}[day]
		if len(problems) != want {
			t.Errorf("%s: %d problems, want %d: %v", day, len(problems), want, problems)
		}
		for _, p := range problems {
			if !strings.Contains(p.Error(), filepath.Join(day, "a", "a_test.go")+":") {
				t.Errorf("%s: %v does not name the file and line", day, p)
			}
		}
	}
	// A bare mention on a line the first day wrote, and the second inherits.
	writeFiles(t, root, map[string]string{
		"day01/a/b_test.go": "package a\n\nimport \"testing\"\n\nfunc TestB(t *testing.T) {\n\tt.Errorf(\"B (see exercise 3)\")\n}\n",
		"day02/a/b_test.go": "package a\n\nimport \"testing\"\n\nfunc TestB(t *testing.T) {\n\tt.Errorf(\"B (see exercise 3)\")\n}\n",
	})
	problems, err := MessageProblems(filepath.Join(root, "day02"))
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, p := range problems {
		if strings.Contains(p.Error(), "b_test.go:6:") && strings.Contains(p.Error(), `write "day01's exercise 3" there`) {
			found = true
		}
	}
	if !found {
		t.Errorf("an inherited bare mention: problems %v, want one at b_test.go:6 saying what to write", problems)
	}
}
