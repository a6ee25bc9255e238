// Package course holds the checks of one day's lab, which every package
// under checks/ runs for its day: checks/day07 is
//
//	func TestMain(m *testing.M) { course.Main(m) }
//
//	func TestDay(t *testing.T) { course.Check(t, "day07") }
//
// Each day's checks are a package of their own so that go test caches
// them apart: it keys a package's result on the files its test opened,
// and a day's checks open that day's files (its lesson, its code, its
// starter and key, and the test files it inherits), so an edit to day 7
// reruns day 7's checks, and no other day's. go run ply/cmd/lab writes
// those packages, one per day.
//
// A day's lab keeps its word when (each a subtest of TestDay, all run side
// by side):
//
//   - starter: the starter builds, and every check labelled 0 passes in
//     it; it passes some checks and fails others; the day passes all;
//   - lessons: the tallies and transcripts its lesson and key show are
//     what the program prints, and each green marker's checks pass with
//     its exercises done;
//   - exercises: each exercise done alone passes every check labelled
//     with it, and more than the starter;
//   - wrong answers: each wrong answer of the key fails each check its
//     Caught by: names, and the key names each;
//   - tests to write: each write-a-test exercise's test passes on the day
//     and fails as a hole and on its wrong answers;
//   - answers complete the starter: the starter with the key's code over
//     it is the day;
//   - scripts: the scripts that fail in the starter are those the day's
//     lab.md names, and each passes with its exercises done;
//   - starter ends: the untouched starter's tests end within a minute,
//     none panics, and none prints a value of its environment.
//
// # How the checks build and run a day
//
// A day is built once, as a probe (see lab.Variants): the real starter,
// the very files a student gets, with the day's own code, its wrong
// answers and nothing else compiled in beside the holes, switched on by
// the run. Run with no tags, the probe is the starter; with every
// exercise done, it is the day; every other variant the checks need, an
// exercise done alone or a wrong answer in place, is a run too, a
// fraction of a second, where a build of its own would take seconds. Each
// distinct run is done once, however many checks ask for it (see memo).
package course
