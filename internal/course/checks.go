package course

import (
	"fmt"
	"maps"
	"path/filepath"
	"ply/internal/lab"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"
)

// testStarter checks the starter: it passes the checks of the code it
// gives and leaves something to do, and the day passes every check.
func testStarter(t *testing.T, b *builtDay) {
	if b.reference.Tally.Passed != b.reference.Tally.Total {
		t.Errorf("%s's own self-check prints %s, want every check to pass\n%s", b.Name, b.reference.Tally, b.reference.out)
	}
	for _, c := range b.checks {
		if c.Exercise == 0 && !b.starter.Passed[c.Name] {
			t.Errorf("%s:%d: the check %q is labelled 0, code the starter gives, but fails in the starter: label it with the exercise it waits for", c.File, c.Line, c.Name)
		}
		if c.Exercise != 0 && len(lab.Of(b.exercises, c.Exercise)) == 0 {
			t.Errorf("%s:%d: the check %q is labelled %d, but %s has no exercise %d", c.File, c.Line, c.Name, c.Exercise, b.Name, c.Exercise)
		}
	}
	if s := b.starter.Tally; s.Passed == 0 || s.Passed == s.Total {
		t.Errorf("the starter of %s prints `%s`: it should pass some checks and fail others, so that a student sees both", b.Name, s)
	}
}

// starterPrints finds where a lesson says how many self-checks the
// starter passes.
var starterPrints = regexp.MustCompile("(?i)the starter prints `[0-9]+/[0-9]+ passed`")

// testLessonClaims checks what the lesson and the key say the program
// prints: tallies, transcripts, and the checks each exercise turns green.
func testLessonClaims(t *testing.T, b *builtDay) {
	lessonPath := filepath.Join(b.Dir, "README.md")
	if doc := b.docs[lessonPath]; doc != nil && !starterPrints.MatchString(strings.Join(doc.Lines, "\n")) {
		t.Errorf("%s does not say what the starter passes: it needs the words \"the starter prints `%s`\"", lessonPath, b.starter.Tally)
	}
	for _, path := range slices.Sorted(maps.Keys(b.docs)) {
		doc := b.docs[path]
		for _, tally := range doc.Tallies() {
			switch {
			case tally.Tally.Total != b.reference.Tally.Total:
				t.Errorf("%s:%d: `%s`, but %s's self-check has %d checks", path, tally.Line, tally.Tally, b.Name, b.reference.Tally.Total)
			case tally.Starter && tally.Tally != b.starter.Tally && tally.Tally.Passed != tally.Tally.Total:
				t.Errorf("%s:%d: the line says `%s` of the starter, but the starter prints `%s`", path, tally.Line, tally.Tally, b.starter.Tally)
			}
		}
		for _, o := range doc.Outputs() {
			t.Run(fmt.Sprintf("%s:%d", path, o.Line), func(t *testing.T) {
				t.Parallel()
				got, err := b.outputOf(t, o.Of)
				if err == nil {
					err = o.Compare(got.out, got.failed)
				}
				if err != nil {
					t.Errorf("%s:%d: the transcript of %s: %v", path, o.Line, o.Of, err)
				}
			})
		}
		for _, g := range doc.Greens {
			t.Run(fmt.Sprintf("%s:%d", path, g.Line), func(t *testing.T) {
				t.Parallel()
				var done run // the self-check's output, run only when a claim reads it
				if slices.ContainsFunc(g.Claims, func(c lab.Claim) bool { return c.Test == "" }) {
					done = b.selfCheck(t, "the self-check", lab.DoneTags(g.Exercises...)...)
				}
				for _, c := range g.Claims {
					if err := b.passes(t, c, done, lab.DoneTags(g.Exercises...)); err != nil {
						t.Errorf("%s:%d: the lesson says exercise %s turns %s green, but %v", path, g.Line, numbers(g.Exercises), c, err)
					}
				}
			})
		}
	}
}

// outputOf returns the self-check's output that an output marker names.
func (b *builtDay) outputOf(t *testing.T, of string) (run, error) {
	switch of {
	case "starter":
		return b.starter, nil
	case "reference":
		return b.reference, nil
	}
	name := strings.TrimSuffix(strings.TrimPrefix(of, "wrong/"), ".go")
	if !slices.ContainsFunc(b.wrongs, func(w lab.Wrong) bool { return w.Name == name }) {
		return run{}, fmt.Errorf("%s has no wrong answer %s", b.keyDir, of)
	}
	return b.selfCheck(t, "the self-check with "+of, b.wrong(name)...), nil
}

// passes returns nil when the check c passes in the variant with the tags
// on, whose self-check printed done.
func (b *builtDay) passes(t *testing.T, c lab.Claim, done run, tags []string) error {
	if c.Test == "" {
		passed, ok := done.Passed[c.SelfCheck]
		switch {
		case !ok:
			return fmt.Errorf("the self-check has no line %q", c.SelfCheck)
		case !passed:
			return fmt.Errorf("it still fails:\n%s", done.out)
		}
		return nil
	}
	res, err := b.test(t, c.Test, time.Minute, tags...)
	if err != nil {
		return err
	}
	if !res.Passed {
		return fmt.Errorf("it still fails:\n%s", res.Output)
	}
	return nil
}

// testExercisesAlone checks each exercise, done alone: every check
// labelled with it passes, and the self-check passes more than the
// starter's.
func testExercisesAlone(t *testing.T, b *builtDay) {
	for _, n := range b.numbers {
		if lab.Of(b.exercises, n)[0].Test {
			continue // a test the student writes changes no check of the day
		}
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			t.Parallel()
			testExerciseAlone(t, b, n)
		})
	}
}

// testExerciseAlone checks exercise n, done alone.
func testExerciseAlone(t *testing.T, b *builtDay, n int) {
	alone := b.selfCheck(t, fmt.Sprintf("the self-check with exercise %d alone", n), lab.DoneTags(n)...)
	var wrong []string
	for _, c := range b.checks {
		if c.Exercise == n && !alone.Passed[c.Name] {
			wrong = append(wrong, fmt.Sprintf("%s:%d: %q", c.File, c.Line, c.Name))
		}
	}
	if len(wrong) > 0 {
		t.Errorf("with exercise %d done and no other, checks labelled %d fail: each needs another exercise too; label it with the one it waits for, or make it need exercise %d alone\n\t%s\nthe self-check printed:\n%s",
			n, n, n, strings.Join(wrong, "\n\t"), alone.out)
	}
	if alone.Tally.Passed <= b.starter.Tally.Passed {
		t.Errorf("with exercise %d done and no other, the self-check of %s prints `%s`, no more than the starter's `%s`: exercise %d is untested by the self-check; give it a check labelled %d in %s/selftest that needs no other exercise",
			n, b.Name, alone.Tally, b.starter.Tally, n, n, b.Name)
	}
}

// testWrongAnswers checks each wrong answer of the key against the claims
// of its Caught by:, and that the key names each of them.
func testWrongAnswers(t *testing.T, b *builtDay) {
	keyPath := filepath.Join(b.keyDir, "README.md")
	if doc := b.docs[keyPath]; doc != nil {
		for _, p := range doc.KeyProblems(b.wrongs, filepath.Join(b.keyDir, "wrong")) {
			t.Error(p)
		}
	}
	for _, w := range b.wrongs {
		t.Run(w.Name, func(t *testing.T) {
			t.Parallel()
			tags := b.wrong(w.Name)
			var with run // the self-check's output, run only when a claim reads it
			var lines []string
			for _, c := range w.CaughtBy {
				if c.Test == "" {
					lines = append(lines, c.SelfCheck)
				}
			}
			switch {
			case len(lines) == 0:
			case b.transcribed(w.Name):
				with = b.selfCheck(t, "the self-check with "+w.File, tags...) // the transcript's run
			default:
				with = b.selfCheckOf(t, "the self-check with "+w.File, lines, tags...)
			}
			for _, c := range w.CaughtBy {
				if err := b.caught(t, c, with, tags); err != nil {
					t.Errorf("%s: Caught by: %s: %v", w.File, c, err)
				}
			}
		})
	}
}

// transcribed reports whether a lesson or the key shows the self-check's
// output with the wrong answer called name in place, which runs it whole.
func (b *builtDay) transcribed(name string) bool {
	for _, doc := range b.docs {
		for _, o := range doc.Outputs() {
			if strings.TrimSuffix(strings.TrimPrefix(o.Of, "wrong/"), ".go") == name {
				return true
			}
		}
	}
	return false
}

// wrong returns the tags of the day with the wrong answer called name in
// place.
func (b *builtDay) wrong(name string) []string {
	return append(slices.Clone(b.day), lab.WrongTag(name))
}

// wrongTimeout bounds a test run on a wrong answer: a test of a day takes
// a second at most, and a wrong answer that loops for ever has failed.
const wrongTimeout = 20 * time.Second

// caught returns nil when the check c fails with the wrong answer whose
// tags are on, and passes in the day; with is the self-check's output.
func (b *builtDay) caught(t *testing.T, c lab.Claim, with run, tags []string) error {
	if c.Test == "" {
		passed, ok := with.Passed[c.SelfCheck]
		switch {
		case !ok:
			return fmt.Errorf("the self-check has no line %q", c.SelfCheck)
		case passed:
			return fmt.Errorf("the self-check's line passes with it:\n%s", with.out)
		}
		return nil
	}
	res, err := b.test(t, c.Test, time.Minute, b.day...)
	if err != nil {
		return err
	}
	if !res.Passed {
		return fmt.Errorf("the test fails on the day itself:\n%s", res.Output)
	}
	if res, err = b.test(t, c.Test, wrongTimeout, tags...); err != nil {
		return err
	}
	if res.Passed {
		return fmt.Errorf("the test passes with it: it does not catch it")
	}
	return nil
}

// testTestExercises checks each test the student writes, as the reference
// writes it: it passes on the day, fails in the starter, and fails with
// each wrong answer that it is to catch.
func testTestExercises(t *testing.T, b *builtDay) {
	for _, e := range b.exercises {
		if !e.Test {
			continue
		}
		t.Run(fmt.Sprint(e.N), func(t *testing.T) {
			t.Parallel()
			testTestExercise(t, b, e)
		})
	}
}

// testTestExercise checks the test of the write-a-test exercise e.
func testTestExercise(t *testing.T, b *builtDay, e lab.Exercise) {
	if res, err := b.test(t, e.Func, time.Minute, b.day...); err != nil || !res.Passed {
		t.Errorf("exercise %d: the reference's %s fails on the day (%v):\n%s", e.N, e.Func, err, res.Output)
	}
	others := slices.DeleteFunc(slices.Clone(b.numbers), func(n int) bool { return n == e.N })
	if res, err := b.test(t, e.Func, time.Minute, lab.DoneTags(others...)...); err != nil || res.Passed {
		t.Errorf("exercise %d: the starter's %s, a hole, passes (%v): it should fail until it is written", e.N, e.Func, err)
	}
	for _, w := range b.wrongs {
		if w.TestExercise != e.N {
			continue
		}
		t.Run(w.Name, func(t *testing.T) {
			t.Parallel()
			if res, err := b.test(t, e.Func, wrongTimeout, b.wrong(w.Name)...); err != nil || res.Passed {
				t.Errorf("%s: Test exercise: %d, but the reference's %s passes with it in place (%v): the test the lesson asks for would not catch it", w.File, e.N, e.Func, err)
			}
		})
	}
}

// testAnswersComplete checks that the starter with the answer key's code
// copied over it is the day, file for file, but for the lab's notes (see
// lab.Starter): the day's own tests then stand for the solved starter's.
func testAnswersComplete(t *testing.T, b *builtDay) {
	starterDir := filepath.Join("starter", b.Name)
	solved, err := lab.ReadTree(starterDir)
	if err != nil {
		t.Fatal(err)
	}
	answers, err := lab.ReadTree(b.keyDir)
	if err != nil {
		t.Fatal(err)
	}
	for rel, f := range answers {
		if rel != "README.md" && !strings.HasPrefix(rel, "wrong/") {
			solved[rel] = f
		}
	}
	day, err := lab.ReadTree(b.Dir)
	if err != nil {
		t.Fatal(err)
	}
	// The day as the lab gives it, every exercise done: the lab's notes
	// in the tests and scripts, and no sidecar. The key's files are the
	// day's own.
	want, err := lab.Starter(b.Dir, func(lab.Exercise) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	for rel := range answers {
		if f, ok := day[rel]; ok {
			want[rel] = f
		}
	}
	for _, rel := range slices.Sorted(maps.Keys(want)) {
		if f, ok := solved[rel]; !ok || string(f.Data) != string(want[rel].Data) {
			t.Errorf("the starter with %s copied over it differs from %s at %s: run go run ply/cmd/lab", b.keyDir, b.Dir, rel)
		}
	}
}

// numbers writes exercise numbers as a lesson does: "3", "3 and 4".
func numbers(ns []int) string {
	words := make([]string, len(ns))
	for i, n := range ns {
		words[i] = fmt.Sprint(n)
	}
	if len(words) == 1 {
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
