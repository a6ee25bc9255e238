package course

import (
	"crypto/rand"
	"flag"
	"os"
	"runtime"
	"strconv"
	"testing"

	"ply/internal/lab"
)

// canaryName is a variable Main puts in the environment every run of a
// probe inherits, with canaryValue, made up for this process: a secret
// that is no one's. A test that prints the values of its environment
// prints it, and testStarterEnds says so, since in a student's terminal
// the environment holds real ones.
const canaryName = "PLY_LAB_CANARY_TOKEN"

var canaryValue = "canary-" + rand.Text()

// Main runs a day's checks four to a processor, unless go test's
// -parallel says otherwise: a run of a probe spends most of its time
// waiting (for a timeout a check waits out, a child process, the disk), so
// go test's default, one per processor, leaves the processors idle. It
// puts the canary in the environment first.
func Main(m *testing.M) {
	if err := os.Setenv(canaryName, canaryValue); err != nil {
		panic(err) // a name and a value with no NUL in them: this cannot fail
	}
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		if err := flag.Set("test.parallel", strconv.Itoa(4*runtime.GOMAXPROCS(0))); err != nil {
			panic(err) // the flag is testing's own: this cannot fail
		}
	}
	os.Exit(m.Run())
}

// Check runs the checks of the day called name: it builds the day once
// (see buildDay), and every check after that is a run of what was built.
// It runs from the course's root, where the paths it prints read from;
// t.Chdir tells go test so, which then knows the files the checks read
// for what they are, and reruns them when one changes.
func Check(t *testing.T, name string) {
	if testing.Short() {
		t.Skip("builds the day; go test without -short runs it")
	}
	root, err := lab.FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
	d, err := lab.FindDay(".", name)
	if err != nil {
		t.Fatal(err)
	}
	b := buildDay(t, d)
	// The checks run side by side: each waits on runs of the probe, which
	// mostly wait themselves, and the memos do each distinct run once.
	checks := []struct {
		name string
		run  func(*testing.T, *builtDay)
	}{
		{"starter ends", testStarterEnds}, // first: its runs are the longest
		{"starter", testStarter},
		{"lessons", testLessonClaims},
		{"exercises", testExercisesAlone},
		{"wrong answers", testWrongAnswers},
		{"tests to write", testTestExercises},
		{"answers complete the starter", testAnswersComplete},
		{"scripts", testScripts},
	}
	for _, c := range checks {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			c.run(t, b)
		})
	}
}
