package lab

import (
	"context"
	"errors"
	"fmt"
	"go/ast"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"sync"
	"time"
)

// Grading a submission: a student's copy of a day's starter, wherever it
// lies. The copy is never written to. What is judged is the student's
// exercises, in the course's own starter: a temporary folder gets the
// starter as the lab makes it, and from the copy the functions of each
// exercise, the helpers the student added beside them (a function, type,
// var or const the starter's file does not declare), and new files in the
// packages of the exercises. Anything else the student changed (a test,
// the self-check, the code around an exercise) is left out and named, so
// that the checks are the course's. Then the temporary folder is judged
// as lab status judges a starter (see Judge), every test of the day too
// once every exercise is done.
//
// For an exercise that is not done, the grade puts its functions in place
// of the reference's in the day as the course builds it, alone, as a kept
// wrong answer is put. When its checks pass there, the check that failed
// in the submission failed because of another exercise: the exercise is
// done, and the failure is the day's. Otherwise the grade names each of
// the key's wrong answers that fails exactly the same checks in its place.
//
// A submission is a stranger's code, and grading runs it: in the
// temporary folder, with a HOME and a TMPDIR of its own there, no variable
// of the environment that looks like a secret, each run bounded in time
// and in the output kept. It runs as the user who grades, with that
// user's rights: instructors.md says how to confine it further.

// A Grade is the judgement of a submission.
type Grade struct {
	*Progress
	Folder  string         // the submission, as given
	Like    map[int][]Like // for an exercise not done, the wrong answers its code behaves like
	Left    []string       // what the submission changed that the grade left out, one line each
	Unlike  string         // why no wrong answer could be compared, when none could
	Cleared []int          // the exercises done whose code passes alone, though a check of theirs fails in the submission
	Took    time.Duration
}

// A Like is a kept wrong answer that a submission's exercise behaves like.
type Like struct {
	Wrong
	Failing []string // the checks both fail
}

// maxSubmissionFile bounds each file of a submission that the grade reads,
// maxSubmissionFiles how many files it takes beside the starter's, and
// maxSubmissionEntries how many files and folders it looks at.
const (
	maxSubmissionFile    = 1 << 20
	maxSubmissionFiles   = 100
	maxSubmissionEntries = 10000
)

// GradeSubmission grades the student's copy of day d, folder, against the
// course at root. progress, when not nil, is told when a long step begins.
func GradeSubmission(ctx context.Context, root string, d Day, folder string, progress func(string)) (*Grade, error) {
	start := time.Now()
	if err := isCopyOf(folder, d); err != nil {
		return nil, err
	}
	tmp, err := os.MkdirTemp("", "ply-grade-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(tmp)
	g := &Grade{Folder: folder, Like: map[int][]Like{}}
	dir := filepath.Join(tmp, d.Name)
	exercises, err := Exercises(d.Dir)
	if err != nil {
		return nil, err
	}
	if g.Left, err = copySubmission(d, exercises, folder, dir); err != nil {
		return nil, err
	}
	env, err := gradeEnviron(tmp)
	if err != nil {
		return nil, err
	}
	if g.Progress, err = Judge(ctx, root, d, JudgeOptions{Dir: dir, Whole: true, Alone: true, Environ: env, Progress: progress}); err != nil {
		return nil, err
	}
	if g.Broken == "" {
		if err := g.compare(ctx, root, d, exercises, dir, env, progress); err != nil {
			return nil, err
		}
	}
	g.StarterDir = folder
	g.Took = time.Since(start)
	return g, nil
}

// isCopyOf checks that folder is a copy of day d: a folder whose go.mod
// names the day's module.
func isCopyOf(folder string, d Day) error {
	info, err := os.Stat(folder)
	if err != nil {
		return err
	}
	if !info.IsDir() {
		return fmt.Errorf("%s is not a folder: give the folder of the student's copy of %s", folder, d.Name)
	}
	want, err := readGoMod(d.Dir)
	if err != nil {
		return err
	}
	got, err := readGoMod(folder)
	if err != nil {
		return fmt.Errorf("%s is not a copy of %s's starter: %w", folder, d.Name, err)
	}
	if got.Module != want.Module {
		return fmt.Errorf("%s is not a copy of %s's starter: its go.mod names the module %s, and %s's is %s", folder, d.Name, got.Module, d.Name, want.Module)
	}
	return nil
}

// copySubmission writes into dir the day's starter with the student's
// exercises from folder, as the comment at the top of this file says, and
// returns what it left out of folder.
func copySubmission(d Day, exercises []Exercise, folder, dir string) ([]string, error) {
	starter, err := Starter(d.Dir, nil)
	if err != nil {
		return nil, err
	}
	funcs := map[string][]string{} // the exercises' functions, by file
	for _, e := range exercises {
		funcs[e.File] = append(funcs[e.File], e.Func)
	}
	var left []string
	for _, rel := range slices.Sorted(maps.Keys(funcs)) {
		mine, err := readSubmissionFile(folder, rel)
		if errors.Is(err, fs.ErrNotExist) {
			left = append(left, rel+": not in the copy; the starter's holes stand")
			continue
		}
		if err != nil {
			return nil, err
		}
		spliced, changed, err := splice(filepath.Join(dir, filepath.FromSlash(rel)), starter[rel].Data, mine, funcs[rel])
		if err != nil {
			// A file that is not Go the lab can read is the student's,
			// whole: the build says what is wrong with it.
			spliced, changed = mine, nil
		}
		starter[rel] = File{Data: spliced, Mode: starter[rel].Mode}
		if len(changed) > 0 {
			left = append(left, fmt.Sprintf("%s: the changes to %s, outside the exercises", rel, strings.Join(changed, ", ")))
		}
	}
	packages := map[string]bool{}
	for rel := range funcs {
		if !strings.HasSuffix(rel, "_test.go") {
			packages[path.Dir(rel)] = true
		}
	}
	added, seen := 0, 0
	err = filepath.WalkDir(folder, func(name string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if seen++; seen > maxSubmissionEntries {
			return fmt.Errorf("%s holds more than %d files and folders: is it a copy of a day?", folder, maxSubmissionEntries)
		}
		rel, err := filepath.Rel(folder, name)
		if err != nil {
			return err
		}
		rel = filepath.ToSlash(rel)
		if e.IsDir() {
			if rel != "." && (skippedDir(e.Name()) || isModule(os.DirFS(folder), rel)) {
				return fs.SkipDir
			}
			return nil
		}
		_, ours := starter[rel]
		switch {
		case funcs[rel] != nil || isBuildOutput(path.Join(d.Name, rel)):
			// An exercise's file, spliced above, or what go build leaves.
		case ours:
			if data, err := readSubmissionFile(folder, rel); err != nil || normalize(data) != normalize(starter[rel].Data) {
				left = append(left, rel+": changed; the starter's stands")
			}
		case !e.Type().IsRegular():
			left = append(left, rel+": not a regular file")
		case path.Ext(rel) != ".go" || strings.HasSuffix(rel, "_test.go") || !packages[path.Dir(rel)]:
			left = append(left, rel+": a file the starter does not have, outside the exercises' packages, or a test")
		case added == maxSubmissionFiles:
			left = append(left, rel+": one file too many")
		default:
			data, err := readSubmissionFile(folder, rel)
			if err != nil {
				left = append(left, fmt.Sprintf("%s: %v", rel, err))
				return nil
			}
			starter[rel] = File{Data: data, Mode: 0o644}
			added++
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return left, starter.Write(dir)
}

// readSubmissionFile reads the file rel of the submission in folder, if it
// is a regular file of at most maxSubmissionFile bytes: never through a
// link, which could lead anywhere.
func readSubmissionFile(folder, rel string) ([]byte, error) {
	name := filepath.Join(folder, filepath.FromSlash(rel))
	info, err := os.Lstat(name)
	if err != nil {
		return nil, err
	}
	if !info.Mode().IsRegular() {
		return nil, fmt.Errorf("not a regular file")
	}
	if info.Size() > maxSubmissionFile {
		return nil, fmt.Errorf("%d bytes, over the %d a file may have", info.Size(), maxSubmissionFile)
	}
	return os.ReadFile(name)
}

// secretName matches the name of a variable of the environment that may
// hold a secret.
var secretName = regexp.MustCompile(`(?i)key|token|secret|passw|credential|auth|cookie|session|private|_pat$|^pat_|dsn|database_url`)

// gradeEnviron returns the environment of every run of a submission: the
// grader's, without any variable whose name looks like it holds a secret
// or whose value holds a password in a URL, with HOME, the temporary
// folder and ply's own state in tmp, and the go command's caches where
// they are, so that a test that runs go builds at the usual speed.
func gradeEnviron(tmp string) ([]string, error) {
	out, err := exec.Command("go", "env", "GOCACHE", "GOMODCACHE", "GOPATH", "GOROOT").Output()
	if err != nil {
		return nil, fmt.Errorf("go env: %w", err)
	}
	goEnv := strings.Split(strings.TrimRight(string(out), "\n"), "\n")
	home, temp := filepath.Join(tmp, "home"), filepath.Join(tmp, "tmp")
	for _, d := range []string{home, temp} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return nil, err
		}
	}
	var env []string
	for _, kv := range os.Environ() {
		name, value, _ := strings.Cut(kv, "=")
		if secretName.MatchString(name) || strings.Contains(value, "://") && strings.Contains(value, "@") {
			continue
		}
		env = append(env, kv)
	}
	set := map[string]string{
		"HOME": home, "TMPDIR": temp, "TMP": temp, "TEMP": temp, "USERPROFILE": home,
		"XDG_CONFIG_HOME": filepath.Join(home, ".config"), "XDG_STATE_HOME": filepath.Join(home, ".local", "state"),
		"XDG_DATA_HOME": filepath.Join(home, ".local", "share"), "XDG_CACHE_HOME": filepath.Join(home, ".cache"),
		"PLY_HOME": filepath.Join(home, "ply"),
	}
	for i, name := range []string{"GOCACHE", "GOMODCACHE", "GOPATH", "GOROOT"} {
		if i < len(goEnv) {
			set[name] = goEnv[i]
		}
	}
	env = slices.DeleteFunc(env, func(kv string) bool {
		name, _, _ := strings.Cut(kv, "=")
		_, ok := set[name]
		return ok
	})
	for _, name := range slices.Sorted(maps.Keys(set)) {
		env = append(env, name+"="+set[name])
	}
	return env, nil
}

// compare finds, for each exercise of the submission that is started and
// not done, the kept wrong answers its code behaves like.
func (g *Grade) compare(ctx context.Context, root string, d Day, exercises []Exercise, dir string, env []string, progress func(string)) error {
	keyDir := filepath.Join(root, solutionsDir, d.Name)
	wrongs, err := WrongAnswers(keyDir, exercises)
	if err != nil {
		return err
	}
	starter, err := Starter(d.Dir, nil)
	if err != nil {
		return err
	}
	var ns []int
	var transplants []Wrong
	for _, s := range g.Steps {
		if s.State != Started || s.Funcs[0].Test {
			continue
		}
		w, err := transplant(dir, starter, s.N, Of(exercises, s.N))
		if err != nil {
			continue // its code cannot stand alone in the day: nothing to compare
		}
		ns = append(ns, s.N)
		transplants = append(transplants, w)
	}
	if len(ns) == 0 {
		return nil
	}
	owners, err := DayOwners(ctx, root, d, progress)
	if err != nil {
		return err
	}
	checks, err := SelfChecks(d.Dir)
	if err != nil {
		return err
	}
	domain := map[int]*checkSet{}
	var pkgs []string
	for _, n := range ns {
		set := &checkSet{tests: map[string][]string{}}
		for _, c := range checks {
			if c.Exercise == n {
				set.lines = append(set.lines, c.Name)
			}
		}
		for _, t := range owners.Of(n) {
			set.add(t.Package, t.Test)
		}
		for _, w := range wrongs {
			for _, c := range w.CaughtBy {
				if pkg, ok := testPackage(d.Dir, c.Test); ok && w.Exercise == n {
					set.add(pkg, c.Test)
				}
			}
		}
		domain[n] = set
		for pkg := range set.tests {
			if !slices.Contains(pkgs, pkg) {
				pkgs = append(pkgs, pkg)
			}
		}
	}
	v := &Variants{DayDir: d.Dir, Exercises: exercises, Wrongs: append(slices.Clone(wrongs), transplants...)}
	overlay, _, err := v.Overlay()
	if err != nil {
		g.Unlike = fmt.Sprintf("the submission's exercises could not stand in the day beside the kept wrong answers: %v", err)
		return nil
	}
	abs, err := filepath.Abs(d.Dir)
	if err != nil {
		return err
	}
	out, err := BuildDir("grade probe", abs)
	if err != nil {
		return err
	}
	probe, msg, err := BuildProbe(ctx, abs, overlay, pkgs, out)
	if err != nil {
		g.Unlike = Bounded(fmt.Sprintf("the submission's exercises do not build in the day beside the kept wrong answers:\n%s", msg), 10, 2000)
		return nil
	}
	probe.Environ = env
	day := DoneTags(Numbers(exercises)...)
	for i, n := range ns {
		theirs, err := domain[n].failing(ctx, probe, append(slices.Clone(day), WrongTag(transplants[i].Name)))
		if err != nil {
			continue
		}
		if len(theirs) == 0 {
			g.clear(n)
			continue
		}
		for _, w := range wrongs {
			if w.Exercise != n {
				continue
			}
			kept, err := domain[n].failing(ctx, probe, append(slices.Clone(day), WrongTag(w.Name)))
			if err == nil && slices.Equal(kept, theirs) {
				g.Like[n] = append(g.Like[n], Like{Wrong: w, Failing: theirs})
			}
		}
	}
	return nil
}

// clear marks exercise n done: its code, alone among the reference's, passes
// every check of it, so the check that failed in the submission failed
// because of another exercise. The failure is kept as the day's, so
// that the submission is not complete while it fails.
func (g *Grade) clear(n int) {
	s := g.step(n)
	g.Failing = append(g.Failing, fmt.Sprintf("%s fails in the submission, but not with exercise %d's code alone among the reference's: another exercise's code makes it fail\n%s",
		strings.TrimSuffix(strings.TrimPrefix(s.Why, "✗ "), " fails"), n, indent(s.Detail)))
	g.Cleared = append(g.Cleared, n)
	s.State, s.Check, s.Why, s.Detail = Done, "", "", ""
}

// A checkSet is the checks that tell the answers to one exercise apart:
// its self-check's lines, the tests it turns green, and those that catch
// its kept wrong answers.
type checkSet struct {
	lines []string
	tests map[string][]string // by package
}

// add adds a test of the package.
func (s *checkSet) add(pkg, test string) {
	if !slices.Contains(s.tests[pkg], test) {
		s.tests[pkg] = append(s.tests[pkg], test)
	}
}

// failing runs the set's checks with the tags on, and returns those that
// fail, sorted.
func (s *checkSet) failing(ctx context.Context, p *Probe, tags []string) ([]string, error) {
	var failed []string
	var mu sync.Mutex
	out, err := p.SelfCheckOf(ctx, s.lines, tags...)
	var exit interface{ ExitCode() int }
	if err != nil && !errors.As(err, &exit) {
		return nil, err
	}
	for _, name := range s.lines {
		if !strings.Contains(out, "✓ "+name+"\n") {
			failed = append(failed, "self-check "+name)
		}
	}
	err = inParallelN(ctx, testsAtOnce, slices.Sorted(maps.Keys(s.tests)), func(pkg string) error {
		run, err := runLeaves(ctx, p, pkg, s.tests[pkg], tags)
		if err != nil {
			return err
		}
		mu.Lock()
		defer mu.Unlock()
		for _, test := range s.tests[pkg] {
			if _, f := testFailure(run, test); f {
				failed = append(failed, test)
			}
		}
		return nil
	})
	slices.Sort(failed)
	return failed, err
}

// transplant returns exercise n of the student's copy in dir as a wrong
// answer of the day: its functions, and the functions the student's files
// of the exercise declare that the starter's do not, so that it can stand
// where the reference's functions stand, as a kept wrong answer does. A
// method the student added cannot stand there, and neither can an
// exercise with functions in two packages.
func transplant(dir string, starter Tree, n int, of []Exercise) (Wrong, error) {
	pkgDir := path.Dir(of[0].File)
	var src strings.Builder
	pkgName := ""
	var funcs []string
	for _, file := range filesOf(of) {
		if path.Dir(file) != pkgDir {
			return Wrong{}, fmt.Errorf("exercise %d has functions in two packages", n)
		}
		sf, err := parseSource(filepath.Join(dir, filepath.FromSlash(file)))
		if err != nil {
			return Wrong{}, err
		}
		theirs, err := parseSourceText(file, starter[file].Data)
		if err != nil {
			return Wrong{}, err
		}
		pkgName = sf.f.Name.Name
		for _, imp := range sf.f.Imports {
			if imp.Name != nil {
				fmt.Fprintf(&src, "import %s %s\n", imp.Name.Name, imp.Path.Value)
			} else {
				fmt.Fprintf(&src, "import %s\n", imp.Path.Value)
			}
		}
		for _, decl := range sf.f.Decls {
			fn, ok := decl.(*ast.FuncDecl)
			if !ok || fn.Body == nil || slices.Contains(funcs, FuncName(fn)) {
				continue
			}
			name := FuncName(fn)
			mine := slices.ContainsFunc(of, func(e Exercise) bool { return e.Func == name })
			switch {
			case mine:
				funcs = append(funcs, name)
			case theirs.fn(name) != nil || findFunc(theirs.f, name) != nil:
				continue // the starter's own: the day has it
			case fn.Recv != nil:
				return Wrong{}, fmt.Errorf("exercise %d: the method %s the student added cannot stand beside the day's", n, name)
			}
			fmt.Fprintf(&src, "\n%s\n", sf.src[sf.off(fn.Pos()):sf.off(fn.End())])
		}
	}
	text := "package " + pkgName + "\n\n" + src.String()
	return Wrong{Name: fmt.Sprintf("submission_%d", n), File: fmt.Sprintf("the submission's exercise %d", n), Exercise: n, Package: pkgName, Funcs: funcs, src: []byte(text)}, nil
}
