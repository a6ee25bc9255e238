package lab

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"
)

// A Probe is a day built once with its variants (see Variants): the test
// binary of its main package, which is also the program, and the test
// binaries of the other packages asked for. Runs of it take a fraction of
// a second each, where a build takes seconds.
type Probe struct {
	DayDir  string            // the day's folder, where the program and the tests run
	Environ []string          // the environment of every run, before the lab's own variables; nil for the lab's
	ply     string            // the program: the main package's test binary, named ply
	tests   map[string]string // the test binaries, by package folder relative to the day ("." for main)
}

// BuildProbe builds the day in dayDir with the files of overlay in place
// of its own, into the folder outDir: the main package's test binary and
// those of the packages in pkgs, folders relative to the day. A day's
// main_test.go registers main as the command ply for testscript, so its
// test binary runs the program when it is called ply: one link gives
// both. flags go to go test as they are. It returns the go command's
// output when the build fails. A build into the same outDir as before
// links only what changed (see BuildDir).
func BuildProbe(ctx context.Context, dayDir string, overlay map[string][]byte, pkgs []string, outDir string, flags ...string) (*Probe, []byte, error) {
	return buildProbe(ctx, dayDir, overlay, pkgs, outDir, nil, flags...)
}

// buildProbe is BuildProbe with env added to the go command's environment.
func buildProbe(ctx context.Context, dayDir string, overlay map[string][]byte, pkgs []string, outDir string, env []string, flags ...string) (*Probe, []byte, error) {
	// The go command reads the overlay's paths from the folder it runs
	// in, the day's: make them absolute, as they are meant from here.
	dayDir, err := filepath.Abs(dayDir)
	if err != nil {
		return nil, nil, err
	}
	abs := map[string][]byte{}
	for name, data := range overlay {
		if name, err = filepath.Abs(name); err != nil {
			return nil, nil, err
		}
		abs[name] = data
	}
	ovFile, names, err := writeOverlay(abs, filepath.Join(outDir, "overlay"))
	if err != nil {
		return nil, nil, err
	}
	bin := filepath.Join(outDir, "bin")
	if err := os.MkdirAll(bin, 0o755); err != nil {
		return nil, nil, err
	}
	mod, err := readGoMod(dayDir)
	if err != nil {
		return nil, nil, err
	}
	p := &Probe{DayDir: dayDir, tests: map[string]string{}}
	// Without the symbol table and debug information the links, which
	// are most of a build's time, take a quarter less.
	args := append([]string{"test", "-c", "-o", bin + string(filepath.Separator), "-ldflags=-s -w"}, flags...)
	if ovFile != "" {
		args = append(args, "-overlay", ovFile)
	}
	for _, pkg := range append([]string{"."}, pkgs...) {
		if _, seen := p.tests[pkg]; seen {
			continue
		}
		importPath := path.Join(mod.Module, pkg)
		p.tests[pkg] = filepath.Join(bin, path.Base(importPath)+".test"+exeSuffix)
		args = append(args, "./"+pkg)
	}
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = dayDir
	if env != nil {
		cmd.Env = append(os.Environ(), env...)
	}
	if out, err := cmd.CombinedOutput(); err != nil {
		// The compiler names an overlaid file by where its content is:
		// name it as the file it stands for, which says more.
		for content, name := range names {
			out = bytes.ReplaceAll(out, []byte(content), []byte(name))
		}
		return nil, out, fmt.Errorf("build %s with its variants: %w", dayDir, err)
	}
	p.ply = filepath.Join(bin, "ply"+exeSuffix)
	if err := os.Remove(p.ply); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return nil, nil, err
	}
	if err := os.Link(p.tests["."], p.ply); err != nil {
		if err := copyFile(p.tests["."], p.ply); err != nil {
			return nil, nil, err
		}
	}
	return p, nil, nil
}

// writeOverlay writes the files of overlay under dir, with the JSON file
// that tells the go command where they stand in, and returns that file's
// name, "" when there is nothing to overlay, and the file each written
// file stands for, by its own name.
func writeOverlay(overlay map[string][]byte, dir string) (string, map[string]string, error) {
	if len(overlay) == 0 {
		return "", nil, nil
	}
	replace := map[string]string{}
	names := map[string]string{}
	for i, name := range slices.Sorted(maps.Keys(overlay)) {
		data := overlay[name]
		// A folder each, so that each file keeps its own name, numbered
		// in the order of the names, so that a build into the same folder
		// writes the same files.
		file := filepath.Join(dir, fmt.Sprint(i+1), filepath.Base(name))
		if err := os.MkdirAll(filepath.Dir(file), 0o755); err != nil {
			return "", nil, err
		}
		if err := os.WriteFile(file, data, 0o644); err != nil {
			return "", nil, err
		}
		replace[name] = file
		names[file] = name
	}
	data, err := json.Marshal(struct{ Replace map[string]string }{replace})
	if err != nil {
		return "", nil, err
	}
	file := filepath.Join(dir, "overlay.json")
	return file, names, os.WriteFile(file, data, 0o644)
}

// copyFile copies the executable from to the new file to.
func copyFile(from, to string) error {
	data, err := os.ReadFile(from)
	if err != nil {
		return err
	}
	return os.WriteFile(to, data, 0o755)
}

// runTimeout bounds one run of a probe: a self-check, or one test. A day's
// tests take seconds; a variant that loops for ever is stopped then.
const runTimeout = 2 * time.Minute

// SelfCheck runs the day's self-check on the scripted model, as a student
// would, with the tags on, and returns what it printed. The error says
// only whether the run ended badly: a failed check ends it with status 1.
func (p *Probe) SelfCheck(ctx context.Context, tags ...string) (string, error) {
	return p.SelfCheckOf(ctx, nil, tags...)
}

// SelfCheckOf runs the self-check as SelfCheck does, but only the checks
// called names (all of them when names is empty), in the order of the
// day's table: a run that reads one line of the self-check runs one check.
// Each check makes what it needs and reads no other's, so its line is the
// same either way.
func (p *Probe) SelfCheckOf(ctx context.Context, names []string, tags ...string) (string, error) {
	env := []string{"MOCK=1", "SELFTEST=1"}
	if len(names) > 0 {
		env = append(env, OnlyEnv+"="+strings.Join(names, "\n"))
	}
	out, err := p.run(ctx, p.ply, ".", runTimeout, tags, nil, env...)
	if errors.Is(err, context.DeadlineExceeded) {
		return string(out), fmt.Errorf("the self-check was still running after %v", runTimeout)
	}
	return string(out), err
}

// A TestResult is how one test went in a run.
type TestResult struct {
	Name   string // the test, as go test -run names it
	Passed bool   // it ran, and passed
	Ran    bool   // it ran: false when no test of the binary has that name
	Output string // what the run printed
}

// Test runs the test called name, such as "TestMockReply/no_user_message",
// from the test binary of the package in the folder pkg, with the tags
// on. A test that does not end within timeout fails.
func (p *Probe) Test(ctx context.Context, pkg, name string, timeout time.Duration, tags ...string) (TestResult, error) {
	bin, ok := p.tests[pkg]
	if !ok {
		return TestResult{}, fmt.Errorf("the probe of %s has no test binary for ./%s", p.DayDir, pkg)
	}
	args := []string{"-test.run", RunPattern(name), "-test.v", "-test.count=1", "-test.timeout", timeout.String()}
	out, err := p.run(ctx, bin, pkg, timeout+30*time.Second, tags, args)
	res := TestResult{Name: name, Output: string(out)}
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) {
		return res, err
	}
	res.Passed = err == nil && bytes.Contains(out, []byte("--- PASS: "+name+" "))
	res.Ran = res.Passed || bytes.Contains(out, []byte("--- FAIL: "+name+" ")) || bytes.Contains(out, []byte("panic: test timed out"))
	return res, nil
}

// Tests runs every test of the package in the folder pkg, with the tags
// on, and reports whether they passed. A run that takes longer than
// timeout fails.
func (p *Probe) Tests(ctx context.Context, pkg string, timeout time.Duration, tags ...string) (bool, string, error) {
	bin, ok := p.tests[pkg]
	if !ok {
		return false, "", fmt.Errorf("the probe of %s has no test binary for ./%s", p.DayDir, pkg)
	}
	out, err := p.run(ctx, bin, pkg, timeout+30*time.Second, tags, []string{"-test.count=1", "-test.timeout", timeout.String()})
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) && !errors.Is(err, context.DeadlineExceeded) {
		return false, string(out), err
	}
	return err == nil, string(out), nil
}

// TestsMatching runs the tests of the package in the folder pkg that the
// -run pattern selects, verbosely, with the tags on, and reports whether
// they passed, with what they printed. A run that takes longer than
// timeout fails.
func (p *Probe) TestsMatching(ctx context.Context, pkg, pattern string, timeout time.Duration, tags ...string) (bool, string, error) {
	bin, ok := p.tests[pkg]
	if !ok {
		return false, "", fmt.Errorf("the probe of %s has no test binary for ./%s", p.DayDir, pkg)
	}
	args := []string{"-test.run", pattern, "-test.v", "-test.count=1", "-test.timeout", timeout.String()}
	out, err := p.run(ctx, bin, pkg, timeout+30*time.Second, tags, args)
	var exit *exec.ExitError
	if err != nil && !errors.As(err, &exit) && !errors.Is(err, context.DeadlineExceeded) {
		return false, string(out), err
	}
	return err == nil, string(out), nil
}

// run runs bin with args in the day's folder pkg, with the tags and env
// added to the environment, for at most timeout.
func (p *Probe) run(ctx context.Context, bin, pkg string, timeout time.Duration, tags, args []string, env ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, bin, args...)
	cmd.Dir = filepath.Join(p.DayDir, filepath.FromSlash(pkg))
	cmd.Env = p.Environ
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	cmd.Env = append(slices.Clip(cmd.Env), env...)
	cmd.Env = append(cmd.Env, VariantEnv+"="+strings.Join(tags, ","))
	// A child the run leaves behind may hold the output open: stop
	// waiting for it a moment after the run itself ends.
	cmd.WaitDelay = time.Second
	out := &cappedBuffer{max: maxRunOutput}
	cmd.Stdout, cmd.Stderr = out, out
	err := cmd.Run()
	if ctx.Err() != nil {
		return out.Bytes(), ctx.Err()
	}
	return out.Bytes(), err
}

// maxRunOutput bounds what the lab keeps of one run's output: a day's
// runs print kilobytes, and a run that prints without end is cut there.
const maxRunOutput = 16 << 20

// A cappedBuffer keeps the first max bytes written to it, and counts the
// rest, which it says it dropped at its end.
type cappedBuffer struct {
	buf     bytes.Buffer
	max     int
	dropped int
}

func (b *cappedBuffer) Write(p []byte) (int, error) {
	keep := min(len(p), b.max-b.buf.Len())
	b.buf.Write(p[:keep])
	b.dropped += len(p) - keep
	return len(p), nil
}

// Bytes returns what was kept, and a last line that says what was not.
func (b *cappedBuffer) Bytes() []byte {
	if b.dropped == 0 {
		return b.buf.Bytes()
	}
	return fmt.Appendf(bytes.Clone(b.buf.Bytes()), "\n[the lab kept the first %d bytes of this run's output and dropped %d more]\n", b.max, b.dropped)
}

// RunPattern returns the -run pattern that selects the test called name
// and nothing else: each part of "TestX/sub" matched whole.
func RunPattern(name string) string {
	parts := strings.Split(name, "/")
	for i, part := range parts {
		parts[i] = "^" + regexp.QuoteMeta(part) + "$"
	}
	return strings.Join(parts, "/")
}
